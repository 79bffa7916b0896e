/** Sessions and ids of the seeded issue 4 accounts, for the accounts suites. */
import { eq } from 'drizzle-orm';
import { agents, users } from '../../../server/db/schema.ts';
import type { TestApp } from './test-app.ts';

export const ROLES = ['super-admin', 'admin', 'agent', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_EMAILS: Record<Role, string> = {
  'super-admin': 'superadmin@demo.test',
  admin: 'admin@demo.test',
  agent: 'agent@demo.test',
  customer: 'customer@demo.test',
};

/** A 1x1 PNG, base64. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface AccountsFixture {
  keys: Record<Role, string>;
  demoCompanyId: number;
  otherCompanyId: number;
  expiredCompanyId: number;
  userIds: Record<string, number>;
  agentIds: { demo: number; other: number };
}

/** The user id of an e-mail. */
export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Logs in the four demo roles and collects the seeded ids. */
export async function accountsFixture(t: TestApp): Promise<AccountsFixture> {
  const keys = {} as Record<Role, string>;
  for (const role of ROLES) keys[role] = await t.loginAs(ROLE_EMAILS[role]);
  const userIds: Record<string, number> = {};
  for (const email of [
    ...Object.values(ROLE_EMAILS),
    'otheradmin@demo.test',
    'otheragent@demo.test',
    'expired@demo.test',
  ]) {
    userIds[email] = await userIdOf(t, email);
  }
  const [otherAgent] = await t.db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.user_id, userIds['otheragent@demo.test']));
  return {
    keys,
    demoCompanyId: t.seed.companyId as number,
    otherCompanyId: t.seed.otherCompanyId as number,
    expiredCompanyId: t.seed.expiredCompanyId as number,
    userIds,
    agentIds: { demo: t.seed.agentId as number, other: otherAgent.id },
  };
}
