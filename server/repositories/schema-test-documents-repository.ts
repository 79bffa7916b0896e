/**
 * The schema studio's saved test documents (table schema_test_documents, issue 11). The only code
 * that queries it.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type SchemaTestDocumentRow, schemaTestDocuments } from '../db/schema.ts';

/** Every saved test document, by name. */
export function listSchemaTestDocuments(db: Executor): Promise<SchemaTestDocumentRow[]> {
  return db.select().from(schemaTestDocuments).orderBy(asc(schemaTestDocuments.name));
}

/** Stores a test document under `name`, replacing the one of that name; returns the row. */
export async function upsertSchemaTestDocument(
  db: Executor,
  input: {
    name: string;
    context: Record<string, string>;
    document: Record<string, unknown>;
    authorUserId: number;
  },
): Promise<SchemaTestDocumentRow> {
  const values = {
    name: input.name,
    context: input.context,
    document: input.document,
    author_user_id: input.authorUserId,
  };
  const [row] = await db
    .insert(schemaTestDocuments)
    .values(values)
    .onConflictDoUpdate({ target: schemaTestDocuments.name, set: { ...values, updated_at: sql`now()` } })
    .returning();
  return row;
}

/** Deletes test document `id`; true when it existed. */
export async function deleteSchemaTestDocument(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.delete(schemaTestDocuments).where(eq(schemaTestDocuments.id, id)).returning();
  return deleted.length > 0;
}
