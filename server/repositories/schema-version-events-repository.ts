/**
 * Rows of schema_version_events (migration 0046, issue 37 "Four eyes"): who published, approved
 * and rolled back which schema version, and when. The only code that queries it; rows are only added.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type SchemaVersionAction, schemaVersionEvents, users } from '../db/schema.ts';

/** Records one act. */
export async function recordSchemaVersionEvent(
  db: Executor,
  event: {
    version: number;
    action: SchemaVersionAction;
    userId: number;
    publishedVersion?: number | null;
    acceptedImpact?: boolean;
  },
): Promise<void> {
  await db.insert(schemaVersionEvents).values({
    version: event.version,
    action: event.action,
    user_id: event.userId,
    published_version: event.publishedVersion ?? null,
    accepted_impact: event.acceptedImpact ?? false,
  });
}

/** The users who approved version `version`. */
export async function approversOf(db: Executor, version: number): Promise<number[]> {
  const rows = await db
    .select({ user_id: schemaVersionEvents.user_id })
    .from(schemaVersionEvents)
    .where(and(eq(schemaVersionEvents.version, version), eq(schemaVersionEvents.action, 'approve')));
  return rows.map((row) => row.user_id);
}

/** Every act with its user's name, newest first. */
export async function listSchemaVersionEvents(db: Executor) {
  return db
    .select({
      id: schemaVersionEvents.id,
      version: schemaVersionEvents.version,
      action: schemaVersionEvents.action,
      user_id: schemaVersionEvents.user_id,
      user_name: users.name,
      published_version: schemaVersionEvents.published_version,
      accepted_impact: schemaVersionEvents.accepted_impact,
      at: schemaVersionEvents.at,
    })
    .from(schemaVersionEvents)
    .leftJoin(users, eq(users.id, schemaVersionEvents.user_id))
    .orderBy(desc(schemaVersionEvents.id));
}
