/**
 * The stored schema set versions (table schema_versions). The only code that queries it.
 * Issue 10 part 3; docs/decisions/157-schema-versions.md.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SchemaSet } from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import { type SchemaVersionRow, schemaVersions, users } from '../db/schema.ts';

/** The highest published version, or undefined when none is stored yet. */
export async function latestPublishedVersion(db: Executor): Promise<SchemaVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(schemaVersions)
    .where(eq(schemaVersions.status, 'published'))
    .orderBy(desc(schemaVersions.version))
    .limit(1);
  return row;
}

/** One version by number, or undefined. */
export async function findSchemaVersion(
  db: Executor,
  version: number,
): Promise<SchemaVersionRow | undefined> {
  const [row] = await db.select().from(schemaVersions).where(eq(schemaVersions.version, version));
  return row;
}

/** The published version holding exactly this content, if any. */
export async function findPublishedByHash(
  db: Executor,
  contentHash: string,
): Promise<SchemaVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(schemaVersions)
    .where(and(eq(schemaVersions.content_hash, contentHash), eq(schemaVersions.status, 'published')))
    .orderBy(desc(schemaVersions.version))
    .limit(1);
  return row;
}

/** Published versions from `after` (exclusive) to `upTo` (inclusive), oldest first. */
export async function publishedVersionsBetween(
  db: Executor,
  after: number,
  upTo: number,
): Promise<SchemaVersionRow[]> {
  return db
    .select()
    .from(schemaVersions)
    .where(
      and(
        eq(schemaVersions.status, 'published'),
        sql`${schemaVersions.version} > ${after}`,
        sql`${schemaVersions.version} <= ${upTo}`,
      ),
    )
    .orderBy(schemaVersions.version);
}

/**
 * Stores the next version (highest + 1), published now or as a draft; returns it. Call under the
 * version lock (services/schema-versions.ts), so two writers never take one number.
 */
export async function insertVersion(
  db: Executor,
  input: {
    schemaSet: SchemaSet;
    contentHash: string;
    note: string;
    authorUserId: number | null;
    status: 'published' | 'draft';
  },
): Promise<SchemaVersionRow> {
  const [{ next }] = (await db
    .select({ next: sql<number>`coalesce(max(${schemaVersions.version}), 0) + 1` })
    .from(schemaVersions)) as { next: number }[];
  const [row] = await db
    .insert(schemaVersions)
    .values({
      version: Number(next),
      status: input.status,
      schema_set: input.schemaSet,
      content_hash: input.contentHash,
      note: input.note,
      author_user_id: input.authorUserId,
      published_at: input.status === 'published' ? new Date() : null,
    })
    .returning();
  return row;
}

/** Every version without its set, with its author's name (null: the start-up import), newest first (the studio's list and audit trail). */
export async function listSchemaVersions(db: Executor) {
  return db
    .select({
      version: schemaVersions.version,
      status: schemaVersions.status,
      note: schemaVersions.note,
      author_user_id: schemaVersions.author_user_id,
      author_name: users.name,
      created_at: schemaVersions.created_at,
      published_at: schemaVersions.published_at,
    })
    .from(schemaVersions)
    .leftJoin(users, eq(users.id, schemaVersions.author_user_id))
    .orderBy(desc(schemaVersions.version));
}

/** Sets a version's status (a published draft is archived: its content lives on as the published copy). */
export async function setSchemaVersionStatus(
  db: Executor,
  version: number,
  status: 'published' | 'draft' | 'archived',
) {
  await db.update(schemaVersions).set({ status }).where(eq(schemaVersions.version, version));
}
