/** Users, their company and agent record: the account behind a login or a session. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  type AgentRow,
  agents,
  type CompanyRow,
  companies,
  companyLogos,
  type UserRow,
  users,
} from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** A user with the company and agent record that come with it (either may be null). */
export interface Account {
  user: UserRow;
  company: CompanyRow | null;
  agent: AgentRow | null;
  /** Version of the company's logo (for its URL), or null without a logo. */
  logoVersion: number | null;
}

async function withRelations(db: Executor, user: UserRow | undefined): Promise<Account | null> {
  if (!user) return null;
  const [company] = user.company_id
    ? await db.select().from(companies).where(eq(companies.id, user.company_id))
    : [];
  const [agent] = await db.select().from(agents).where(eq(agents.user_id, user.id));
  const [logo] = user.company_id
    ? await db
        .select({ version: companyLogos.version })
        .from(companyLogos)
        .where(eq(companyLogos.company_id, user.company_id))
    : [];
  return { user, company: company ?? null, agent: agent ?? null, logoVersion: logo?.version ?? null };
}

/** The account whose e-mail matches (case-insensitive, stored lower-case), or null. */
export async function findAccountByEmail(db: Executor, email: string): Promise<Account | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return withRelations(db, user);
}

/** The account of a user id, or null. */
export async function findAccountByUserId(db: Executor, userId: number): Promise<Account | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return withRelations(db, user);
}

/** An agent record with its user's company, or null. */
export async function findAgent(
  db: Executor,
  agentId: number,
): Promise<(AgentRow & { company_id: number | null }) | null> {
  if (!isRowId(agentId)) return null;
  const [row] = await db
    .select({
      id: agents.id,
      user_id: agents.user_id,
      licensed_states: agents.licensed_states,
      company_id: users.company_id,
    })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.user_id))
    .where(eq(agents.id, agentId));
  return row ?? null;
}

/** Number of users: zero means an empty database that the seed fills. */
export async function countUsers(db: Executor): Promise<number> {
  return (await db.select({ id: users.id }).from(users)).length;
}
