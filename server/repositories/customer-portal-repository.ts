/**
 * The rows of the customer portal (issue 16): the applications whose client is a customer account
 * (applications.client_user_id, migration 0018) and the contacts of the agents working them.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type ApplicationRow, agents, applications, users } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** The client's applications, newest first, at most `limit`. */
export async function clientApplications(
  db: Executor,
  clientUserId: number,
  limit: number,
): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(eq(applications.client_user_id, clientUserId))
    .orderBy(desc(applications.created_at), desc(applications.id))
    .limit(limit);
}

/**
 * The application with this id whose client is `clientUserId`, or null (another's application
 * looks missing). `forUpdate` locks the row until the transaction ends.
 */
export async function findClientApplication(
  db: Executor,
  id: number,
  clientUserId: number,
  forUpdate = false,
): Promise<ApplicationRow | null> {
  if (!isRowId(id)) return null;
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.client_user_id, clientUserId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** An agent as their customers reach them: the agent's user name, e-mail, phone and settings. */
export interface AgentContactRow {
  agent_id: number;
  name: string;
  email: string;
  phone: string | null;
  settings: Record<string, unknown>;
  company_id: number | null;
}

/** The contacts of the given agents (agents.id), in no particular order; unknown ids are skipped. */
export async function agentContacts(db: Executor, agentIds: number[]): Promise<AgentContactRow[]> {
  const ids = agentIds.filter(isRowId);
  if (!ids.length) return [];
  return db
    .select({
      agent_id: agents.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      settings: users.settings,
      company_id: users.company_id,
    })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.user_id))
    .where(inArray(agents.id, ids));
}

/** A customer account of `companyId` by user id, with the agent assigned to them; null otherwise. */
export async function findCompanyCustomer(
  db: Executor,
  userId: number,
  companyId: number,
): Promise<{ id: number; assigned_agent_id: number | null } | null> {
  if (!isRowId(userId)) return null;
  const [row] = await db
    .select({ id: users.id, assigned_agent_id: users.assigned_agent_id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.company_id, companyId), eq(users.role, 'customer')));
  return row ?? null;
}

/** The customer accounts assigned to an agent (agents.id), by name. */
export async function assignedCustomers(
  db: Executor,
  agentId: number,
): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.assigned_agent_id, agentId), eq(users.role, 'customer')))
    .orderBy(users.name, users.id);
}
