/** Users for user management (docs/api-accounts.md Users): rows with their company and agent. */
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { agents, applications, companies, type UserRole, type UserRow, users } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** A user as user management shows it. */
export interface UserRecordRow {
  user: UserRow;
  company: { id: number; name: string } | null;
  agent: { id: number; licensed_states: string[] } | null;
}

export interface UserFilter {
  companyId?: number;
  role?: UserRole;
  /** Matched against name and e-mail, case-insensitive. */
  search?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function select(db: Executor, where: SQL | undefined): Promise<UserRecordRow[]> {
  const rows = await db
    .select({
      user: users,
      company_id: companies.id,
      company_name: companies.name,
      agent_id: agents.id,
      licensed_states: agents.licensed_states,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .leftJoin(agents, eq(agents.user_id, users.id))
    .where(where)
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({
    user: row.user,
    company:
      row.company_id !== null && row.company_name !== null
        ? { id: row.company_id, name: row.company_name }
        : null,
    agent: row.agent_id !== null ? { id: row.agent_id, licensed_states: row.licensed_states ?? [] } : null,
  }));
}

/** Users matching the filter, by name. */
export async function listUsers(db: Executor, filter: UserFilter): Promise<UserRecordRow[]> {
  const conditions: SQL[] = [];
  if (filter.companyId !== undefined) conditions.push(eq(users.company_id, filter.companyId));
  if (filter.role !== undefined) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  return select(db, conditions.length ? and(...conditions) : undefined);
}

/** One user with company and agent, or null. */
export async function findUserRecord(db: Executor, userId: number): Promise<UserRecordRow | null> {
  if (!isRowId(userId)) return null;
  const [row] = await select(db, eq(users.id, userId));
  return row ?? null;
}

/** The user id holding an e-mail (stored lower-case), or null. */
export async function userIdByEmail(db: Executor, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export interface NewUser {
  email: string;
  name: string;
  role: UserRole;
  password_hash: string;
  company_id: number | null;
  phone?: string | null;
}

/** Inserts a user; returns its id. */
export async function insertUser(db: Executor, values: NewUser): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

/** Updates a user's columns and stamps updated_at. */
export async function updateUser(
  db: Executor,
  userId: number,
  patch: Partial<
    Pick<UserRow, 'email' | 'name' | 'role' | 'phone' | 'password_hash' | 'settings' | 'assigned_agent_id'>
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updated_at: sql`now()` })
    .where(eq(users.id, userId));
}

/** Creates or updates the agent record of a user with its licensed states; returns the agent id. */
export async function upsertAgent(db: Executor, userId: number, licensedStates: string[]): Promise<number> {
  const [row] = await db
    .insert(agents)
    .values({ user_id: userId, licensed_states: licensedStates })
    .onConflictDoUpdate({ target: agents.user_id, set: { licensed_states: licensedStates } })
    .returning({ id: agents.id });
  return row.id;
}

/** Whether an agent has any application (then the agent cannot be deleted). */
export async function agentHasApplications(db: Executor, agentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.agent_id, agentId))
    .limit(1);
  return row !== undefined;
}

/** Deletes a user; sessions, reset tokens and the agent record go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Executor, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Number of users of a company. */
export async function countCompanyUsers(db: Executor, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.company_id, companyId));
  return Number(row?.n ?? 0);
}
