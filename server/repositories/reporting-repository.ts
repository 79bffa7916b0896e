/**
 * The reporting queries of issue 12 (SPEC §1 Reporting): one page of applications with their
 * carrier counts, and the totals of the same range. Every figure is aggregated in SQL; no row is
 * loaded into Node to be counted.
 */
import { type AnyColumn, and, asc, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Executor, rowsOf } from '../db/database.ts';
import { type ApplicationStatus, agents, applications, quotes, users } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { alertColourCondition } from './alert-colour-sql.ts';
import { scopeCondition } from './applications-repository.ts';
import { isRowId } from './is-row-id.ts';
import type { ReportFilters } from './report-filters.ts';
import { rollUpCount, rollUpServes, rollUpTotals } from './report-roll-ups.ts';

/** The columns a report can be sorted by (docs/api.md reporting/get-report `sort.column`). */
export const REPORT_SORT_COLUMNS = [
  'reference',
  'created_at',
  'agent',
  'client_name',
  'address',
  'product',
  'status',
  'carriers_asked',
  'carriers_quoted',
  'carriers_declined',
  'lowest_premium',
  'launched_at',
] as const;
/** One of REPORT_SORT_COLUMNS. */
export type ReportSortColumn = (typeof REPORT_SORT_COLUMNS)[number];

/** The sort columns that can be null (the others are NOT NULL columns or counts). */
const NULLABLE_SORT_COLUMNS: ReadonlySet<ReportSortColumn> = new Set([
  'client_name',
  'product',
  'lowest_premium',
  'launched_at',
]);

/** One report row (docs/api.md reporting/get-report `rows`). */
export interface ReportRow {
  id: number;
  created_at: Date;
  agent: string;
  client_name: string | null;
  address: string;
  product: string | null;
  status: ApplicationStatus;
  carriers_asked: number;
  carriers_quoted: number;
  carriers_declined: number;
  lowest_premium: number | null;
  launched_at: Date | null;
}

/** The totals of a report range (docs/api.md reporting/get-report `totals`). */
export interface ReportTotals {
  applications: number;
  new: number;
  launched: number;
  completed: number;
  carriers_asked: number;
  carriers_quoted: number;
  carriers_declined: number;
  /** Smallest lowest premium in the range, in dollars; null when nothing was quoted. */
  lowest_premium: number | null;
}

/**
 * Per application: how many carriers were asked, quoted, declined. A LATERAL subquery, so each
 * application probes its own quotes (quotes_application_idx) instead of every page grouping the
 * whole quotes table.
 */
const quoteCounts = (db: Executor) =>
  db
    .select({
      asked: sql<number>`count(*)::int`.as('asked'),
      quoted: sql<number>`(count(*) filter (where ${quotes.status} = 'quoted'))::int`.as('quoted'),
      declined: sql<number>`(count(*) filter (where ${quotes.status} = 'declined'))::int`.as('declined'),
    })
    .from(quotes)
    .where(eq(quotes.application_id, applications.id))
    .as('quote_counts');

/** The where of a report: scope, range and every filter given. Shared with the analytics queries. */
export function reportConditions(scope: AccessScope, f: ReportFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    scopeCondition(scope),
    // Midnight of each day in the user's zone, as instants: created_at's index still serves.
    sql`${applications.created_at} >= (${f.fromDay}::date::timestamp at time zone ${f.timeZone})`,
    sql`${applications.created_at} < ((${f.toDay}::date + 1)::timestamp at time zone ${f.timeZone})`,
  ];
  if (f.companyId !== undefined) {
    parts.push(isRowId(f.companyId) ? eq(applications.company_id, f.companyId) : sql`false`);
  }
  if (f.agentId !== undefined) {
    parts.push(isRowId(f.agentId) ? eq(applications.agent_id, f.agentId) : sql`false`);
  }
  if (f.product) parts.push(sql`${applications.carrier_quote_type} ->> 0 = ${f.product}`);
  if (f.status) parts.push(eq(applications.status, f.status));
  if (f.state) parts.push(sql`${applications.useable_details} ->> 'state' = ${f.state}`);
  if (f.source) parts.push(eq(applications.application_source, f.source));
  if (f.carrier) {
    parts.push(
      sql`exists (select 1 from ${quotes} where ${quotes.application_id} = ${applications.id} and ${quotes.carrier} = ${f.carrier})`,
    );
  }
  if (f.alertColour) parts.push(alertColourCondition(f.alertColour));
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

/** The select of report rows with their carrier counts, before where, order and limit. */
function rowQuery(db: Executor) {
  const counts = quoteCounts(db);
  const query = db
    .select({
      id: applications.id,
      created_at: applications.created_at,
      agent: users.name,
      client_name: applications.client_name,
      address: applications.searched_address,
      product: sql<string | null>`${applications.carrier_quote_type} ->> 0`,
      status: applications.status,
      carriers_asked: sql<number>`coalesce(${counts.asked}, 0)::int`,
      carriers_quoted: sql<number>`coalesce(${counts.quoted}, 0)::int`,
      carriers_declined: sql<number>`coalesce(${counts.declined}, 0)::int`,
      lowest_premium: applications.min_quote_amount,
      launched_at: applications.launched_at,
    })
    .from(applications)
    .innerJoin(agents, eq(agents.id, applications.agent_id))
    .innerJoin(users, eq(users.id, agents.user_id))
    .leftJoinLateral(counts, sql`true`);
  return { query, counts };
}

/**
 * One page of the report, sorted by `sort` (ties by id, descending). The number of matching
 * applications is reportTotals' `applications` (the page reads it there, not counted twice).
 */
export async function reportPage(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  sort: { column: ReportSortColumn; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<ReportRow[]> {
  const { query, counts } = rowQuery(db);
  const columns = {
    reference: applications.id,
    created_at: applications.created_at,
    agent: users.name,
    client_name: applications.client_name,
    address: applications.searched_address,
    product: sql`${applications.carrier_quote_type} ->> 0`,
    status: applications.status,
    carriers_asked: sql`coalesce(${counts.asked}, 0)`,
    carriers_quoted: sql`coalesce(${counts.quoted}, 0)`,
    carriers_declined: sql`coalesce(${counts.declined}, 0)`,
    lowest_premium: applications.min_quote_amount,
    launched_at: applications.launched_at,
  } satisfies Record<ReportSortColumn, unknown>;
  const order = sort.direction === 'asc' ? asc : desc;
  // Nulls last when descending, first when ascending. Said only for the columns that can be null:
  // on a NOT NULL column it changes nothing but keeps PostgreSQL from walking the created_at
  // index, so the default page (created_at desc) sorted every row of the range (ADR 500).
  const nulls = !NULLABLE_SORT_COLUMNS.has(sort.column)
    ? sql``
    : sort.direction === 'asc'
      ? sql`nulls first`
      : sql`nulls last`;
  const where = reportConditions(scope, filters);
  return query
    .where(where)
    .orderBy(sql`${order(columns[sort.column])} ${nulls}`, desc(applications.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * How many applications the filters match (the export job's progress denominator): from the roll-ups when they serve the filters (report-roll-ups.ts), else counted.
 */
export async function reportCount(db: Executor, scope: AccessScope, filters: ReportFilters): Promise<number> {
  return (await rollUpServes(db, scope, filters))
    ? rollUpCount(db, scope, filters)
    : reportCountFromRows(db, scope, filters);
}

/** reportCount by counting the matching applications (every filter; the roll-ups' reference). */
export async function reportCountFromRows(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(applications)
    .where(reportConditions(scope, filters));
  return Number(total);
}

/** A column an export can hold: a report row's field, or the reference made from its id. */
export type ExportField = Exclude<keyof ReportRow, 'id'> | 'reference';

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds): how exports show times. */
const isoInstant = (column: SQL | AnyColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A free-text cell as csvSafeCell (services/csv-safe-cell.ts) writes it: a leading `=`, `+`, `-`,
 * `@`, tab or carriage return gets an apostrophe; empty text is no value (the file shows both as
 * nothing, and PostgreSQL's CSV would quote an empty string).
 */
const safeText = (value: SQL | AnyColumn) =>
  sql`CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) THEN '''' || ${value}
    ELSE nullif(${value}, '') END`;

/**
 * Each export column as the file shows it, made by the database: the reference as
 * applicationReference writes it (RMGA + the id zero-padded to 7 digits), times as ISO instants,
 * the premium as the shortest text of its number (700.50 -> 700.5), counts as integers, free text
 * through safeText.
 */
const EXPORT_FIELDS = {
  reference: sql`'RMGA' || CASE WHEN ${applications.id} < 10000000 THEN lpad(${applications.id}::text, 7, '0')
    ELSE ${applications.id}::text END`,
  created_at: isoInstant(applications.created_at),
  agent: safeText(users.name),
  client_name: safeText(applications.client_name),
  address: safeText(applications.searched_address),
  product: safeText(sql`(${applications.carrier_quote_type} ->> 0)`),
  status: safeText(sql`${applications.status}::text`),
  carriers_asked: sql`quote_counts.asked`,
  carriers_quoted: sql`quote_counts.quoted`,
  carriers_declined: sql`quote_counts.declined`,
  lowest_premium: sql`trim_scale(${applications.min_quote_amount})::text`,
  launched_at: isoInstant(applications.launched_at),
} satisfies Record<ExportField, SQL>;

/**
 * The export's query: the asked `fields` (as EXPORT_FIELDS writes them, in the order given) of the
 * report rows, newest id first; with `keyset`, also `id`, only ids below `beforeId` (all when
 * null) and at most `limit` rows. Joins agents and users, and probes quotes, only for the fields
 * that need them.
 */
function exportQuery(
  scope: AccessScope,
  filters: ReportFilters,
  fields: readonly ExportField[],
  keyset?: { beforeId: number | null; limit: number },
): SQL {
  const where = reportConditions(scope, filters);
  const selected = [
    ...(keyset ? [sql`${applications.id} AS id`] : []),
    ...fields.map((f) => sql`${EXPORT_FIELDS[f]} AS ${sql.identifier(f)}`),
  ];
  const agent = fields.includes('agent')
    ? sql`JOIN ${agents} ON ${agents.id} = ${applications.agent_id} JOIN ${users} ON ${users.id} = ${agents.user_id}`
    : sql``;
  const counts = fields.some((f) => f.startsWith('carriers_'))
    ? sql`LEFT JOIN LATERAL (
        SELECT count(*)::int AS asked,
          (count(*) FILTER (WHERE ${quotes.status} = 'quoted'))::int AS quoted,
          (count(*) FILTER (WHERE ${quotes.status} = 'declined'))::int AS declined
        FROM ${quotes} WHERE ${quotes.application_id} = ${applications.id}) quote_counts ON true`
    : sql``;
  const before = keyset?.beforeId ?? null;
  return sql`
    SELECT ${sql.join(selected, sql`, `)}
    FROM ${applications} ${agent} ${counts}
    WHERE ${before === null ? where : and(where, lt(applications.id, before))}
    ORDER BY ${applications.id} DESC
    ${keyset ? sql`LIMIT ${keyset.limit}` : sql``}`;
}

/**
 * Up to `limit` report rows with an id below `beforeId` (all when null), newest id first, holding
 * `id` and the asked `fields` as EXPORT_FIELDS writes them (strings, integers for counts, null
 * when empty): keyset pages, so an export walks a million rows without OFFSET and without holding
 * them.
 */
export async function reportExportRowsBefore(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  fields: readonly ExportField[],
  beforeId: number | null,
  limit: number,
): Promise<({ id: number } & Partial<Record<ExportField, string | number | null>>)[]> {
  return rowsOf(await db.execute(exportQuery(scope, filters, fields, { beforeId, limit })));
}

/**
 * The export's rows as CSV lines made by PostgreSQL (`COPY (...) TO STDOUT WITH (FORMAT csv)`,
 * pg-copy-streams): the asked `fields` of every matching row, newest id first, in network-sized
 * chunks, on one pooled connection held until the last chunk (destroyed when the reader stops
 * early or the copy fails). Null when `db` is not a node-postgres pool (PGlite, a transaction):
 * the caller reads keyset pages instead. After the last chunk `rowCount()` is the rows copied.
 * docs/decisions/580-time-to-quotes-per-day-and-export-by-copy.md.
 */
export function reportExportCopy(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  fields: readonly ExportField[],
): { chunks: AsyncIterable<Buffer>; rowCount(): number } | null {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  // COPY takes no bind parameters: the values are inlined as quoted literals by Drizzle's dialect.
  const { sql: text } = new PgDialect().sqlToQuery(exportQuery(scope, filters, fields).inlineParams());
  let copied = 0;
  async function* chunks(connection: pg.Pool): AsyncGenerator<Buffer> {
    const client = await connection.connect();
    let finished = false;
    try {
      const stream = client.query(copyTo(`COPY (${text}) TO STDOUT WITH (FORMAT csv)`));
      for await (const chunk of stream) yield chunk as Buffer;
      copied = stream.rowCount;
      finished = true;
    } finally {
      // A connection left mid-COPY cannot serve another query: destroy it rather than pool it.
      client.release(finished ? undefined : true);
    }
  }
  return { chunks: chunks(pool), rowCount: () => copied };
}

/**
 * The totals of every application the filters match (not only one page): from the roll-ups when
 * they serve the filters (report-roll-ups.ts), else from the rows.
 */
export async function reportTotals(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<ReportTotals> {
  return (await rollUpServes(db, scope, filters))
    ? rollUpTotals(db, scope, filters)
    : reportTotalsFromRows(db, scope, filters);
}

/** reportTotals from the applications and their quotes (every filter; the roll-ups' reference). */
export async function reportTotalsFromRows(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<ReportTotals> {
  const counts = quoteCounts(db);
  const [row] = await db
    .select({
      applications: sql<number>`count(*)::int`,
      new: sql<number>`(count(*) filter (where ${applications.status} = 'new'))::int`,
      launched: sql<number>`(count(*) filter (where ${applications.status} = 'launched'))::int`,
      completed: sql<number>`(count(*) filter (where ${applications.status} = 'completed'))::int`,
      carriers_asked: sql<number>`coalesce(sum(${counts.asked}), 0)::int`,
      carriers_quoted: sql<number>`coalesce(sum(${counts.quoted}), 0)::int`,
      carriers_declined: sql<number>`coalesce(sum(${counts.declined}), 0)::int`,
      lowest_premium: sql<string | null>`min(${applications.min_quote_amount})`,
    })
    .from(applications)
    .leftJoinLateral(counts, sql`true`)
    .where(reportConditions(scope, filters));
  return { ...row, lowest_premium: row.lowest_premium === null ? null : Number(row.lowest_premium) };
}
