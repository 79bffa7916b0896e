/**
 * The stored applications an impact replay reads (issue 37 "Impact before publish";
 * docs/decisions/705-impact-before-publish.md): counted, then read a range of ids at a time with
 * identical documents grouped by the database (md5 of the document, the version and the context),
 * so a million applications holding a few thousand distinct documents cross the wire as those.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import type { ApplicationStatus } from '../db/schema.ts';

/** Application ids and test document names kept per change of an impact report. */
export const SAMPLE_SIZE = 5;

/** Identical stored documents in one context: how many, some ids, and the hash naming the document. */
export interface ApplicationGroup {
  hash: string;
  schema_version: number;
  product: string;
  application_type: string;
  status: ApplicationStatus;
  count: number;
  sample_ids: number[];
}

/** How many applications have one of `statuses`, and the lowest and highest id among all (0, 0 when none). */
export async function replayRange(
  db: Executor,
  statuses: ApplicationStatus[],
): Promise<{ total: number; minId: number; maxId: number }> {
  const [row] = rowsOf<{ total: number; min_id: number | null; max_id: number | null }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE status IN (${statusList(statuses)}))::int AS total,
             min(id) AS min_id, max(id) AS max_id
      FROM applications`),
  );
  return { total: Number(row.total), minId: Number(row.min_id ?? 0), maxId: Number(row.max_id ?? 0) };
}

/** The groups of identical documents among applications with ids in (after, upTo] and one of `statuses`. */
export async function applicationGroups(
  db: Executor,
  statuses: ApplicationStatus[],
  after: number,
  upTo: number,
): Promise<ApplicationGroup[]> {
  const rows = rowsOf<ApplicationGroup>(
    await db.execute(sql`
      SELECT md5(useable_details::text) AS hash, schema_version, carrier_quote_type ->> 0 AS product,
             application_type, status, count(*)::int AS count,
             (array_agg(id ORDER BY id))[1:${sql.raw(String(SAMPLE_SIZE))}] AS sample_ids
      FROM applications
      WHERE id > ${after} AND id <= ${upTo} AND status IN (${statusList(statuses)})
      GROUP BY 1, 2, 3, 4, 5`),
  );
  return rows.map((row) => ({
    ...row,
    schema_version: Number(row.schema_version),
    product: row.product ?? '',
    count: Number(row.count),
    sample_ids: row.sample_ids.map(Number),
  }));
}

/** The stored documents of applications `ids`, by id. */
export async function applicationDocuments(
  db: Executor,
  ids: number[],
): Promise<Map<number, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; useable_details: Record<string, unknown> }>(
    await db.execute(
      sql`SELECT id, useable_details FROM applications WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((row) => [Number(row.id), row.useable_details]));
}

/** `statuses` as a list of bound parameters. */
function statusList(statuses: ApplicationStatus[]) {
  return sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
}
