/**
 * The rows of client contacts (migration 0029, issue 20) and the application's link to one
 * (applications.client_name_id). The only code that touches those columns.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { applications, type ContactRow, contacts, type NewContact } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { isRowId } from './is-row-id.ts';

/** The fields a contact's owner may change. */
export type ContactFields = Pick<
  NewContact,
  'owned_type' | 'business_name' | 'first_name' | 'last_name' | 'phone' | 'email'
>;

/** The SQL condition of the contacts an access scope sees (undefined: every row). */
function contactScope(scope: AccessScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return eq(contacts.company_id, scope.companyId);
    case 'agent':
      return eq(contacts.agent_id, scope.agentId);
    case 'none':
      return sql`false`;
  }
}

/** Inserts a contact; returns the stored row. */
export async function insertContact(db: Executor, values: NewContact): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  return row;
}

/**
 * The contact with this id inside the scope, or null (another's contact looks missing).
 * `forUpdate` locks the row until the transaction ends.
 */
export async function findContact(
  db: Executor,
  id: number,
  scope: AccessScope,
  forUpdate = false,
): Promise<ContactRow | null> {
  if (!isRowId(id)) return null;
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), contactScope(scope)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Replaces a contact's fields; returns the stored row. */
export async function updateContact(db: Executor, id: number, fields: ContactFields): Promise<ContactRow> {
  const [row] = await db
    .update(contacts)
    .set({ ...fields, updated_at: new Date() })
    .where(eq(contacts.id, id))
    .returning();
  return row;
}

/**
 * Names contact `contactId` as the client of application `applicationId` (client_name_id, the
 * contact's id as text). The document's `version` stays: it guards the agent's edits of the
 * document, which this does not touch.
 */
export async function linkContact(db: Executor, applicationId: number, contactId: number): Promise<void> {
  await db
    .update(applications)
    .set({ client_name_id: String(contactId), updated_at: new Date() })
    .where(eq(applications.id, applicationId));
}

/**
 * Deletes the contacts that `clientNameIds` (applications.client_name_id values of deleted
 * applications) name and that no remaining application names (issue 38: deleting an application
 * removes its client's contact). Answers the ids deleted.
 */
export async function deleteContactsNoLongerNamed(
  db: Executor,
  clientNameIds: (string | null)[],
): Promise<number[]> {
  const ids = [
    ...new Set(clientNameIds.filter((id): id is string => id !== null && /^[0-9]{1,10}$/.test(id))),
  ]
    .map(Number)
    .filter(isRowId);
  if (!ids.length) return [];
  const deleted = await db
    .delete(contacts)
    .where(
      and(
        inArray(contacts.id, ids),
        sql`NOT EXISTS (SELECT 1 FROM applications a WHERE a.client_name_id = ${contacts.id}::text)`,
      ),
    )
    .returning({ id: contacts.id });
  return deleted.map((row) => row.id);
}
