/** Extra accounts for access tests: agents of the demo company or of another company. */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../../server/auth/hash-password.ts';
import type { Executor } from '../../../server/db/database.ts';
import { agents, companies, type UserRole, users } from '../../../server/db/schema.ts';

export interface NewAccount {
  email: string;
  role: UserRole;
  /** Company to join; a new company with this name is created when `companyName` is given instead. */
  companyId?: number;
  companyName?: string;
  /** Agents only. */
  licensedStates?: string[];
  password?: string;
}

/** Inserts a user (and agent record for role agent); returns its ids. */
export async function addAccount(
  db: Executor,
  account: NewAccount,
): Promise<{ userId: number; companyId: number; agentId: number | null }> {
  let companyId = account.companyId;
  if (companyId === undefined) {
    const [company] = await db
      .insert(companies)
      .values({ name: account.companyName ?? 'Other Agency', has_active_subscription: true })
      .returning();
    companyId = company.id;
  }
  const [user] = await db
    .insert(users)
    .values({
      email: account.email,
      name: account.email.split('@')[0],
      role: account.role,
      password_hash: await hashPassword(account.password ?? 'demo1234'),
      company_id: companyId,
    })
    .returning();
  let agentId: number | null = null;
  if (account.role === 'agent') {
    const [agent] = await db
      .insert(agents)
      .values({ user_id: user.id, licensed_states: account.licensedStates ?? ['FL'] })
      .returning();
    agentId = agent.id;
  }
  return { userId: user.id, companyId, agentId };
}

/** The company id of a user by e-mail. */
export async function companyOf(db: Executor, email: string): Promise<number> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user.company_id as number;
}
