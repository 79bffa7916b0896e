/**
 * The reporting queries of issue 12 (SPEC §1 Reporting): one page of applications with their
 * carrier counts, and the totals of the same range. Every figure is aggregated in SQL; no row is
 * loaded into Node to be counted.
 */
import { and, asc, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type ApplicationStatus, agents, applications, quotes, users } from '../db/schema.ts';
import type { AlertColor } from '../services/note-color.ts';
import type { AccessScope } from './access-scope.ts';
import { alertColourCondition } from './alert-colour-sql.ts';
import { scopeCondition } from './applications-repository.ts';
import { isRowId } from './is-row-id.ts';

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

/**
 * Filters of a report: `fromDay` .. `toDay` (`YYYY-MM-DD`, both included) are calendar days in
 * `timeZone` (an IANA name PostgreSQL knows, 'UTC' by default) of created_at.
 */
export interface ReportFilters {
  fromDay: string;
  toDay: string;
  timeZone: string;
  companyId?: number;
  product?: string;
  status?: ApplicationStatus;
  /** Two-letter state of the application's address (useable_details.state). */
  state?: string;
  agentId?: number;
  source?: string;
  /** A carrier code the application asked. */
  carrier?: string;
  /** The application's alert colour (its most urgent active alert note; SPEC §4 Alert filter). */
  alertColour?: AlertColor;
}

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
 * One page of the report, sorted by `sort` (ties by id, descending), and the number of matching
 * applications.
 */
export async function reportPage(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  sort: { column: ReportSortColumn; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<{ rows: ReportRow[]; total: number }> {
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
  const nulls = sort.direction === 'asc' ? sql`nulls first` : sql`nulls last`;
  const where = reportConditions(scope, filters);
  const rows = await query
    .where(where)
    .orderBy(sql`${order(columns[sort.column])} ${nulls}`, desc(applications.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await reportCount(db, scope, filters) };
}

/** How many applications the filters match (the export job's progress denominator). */
export async function reportCount(db: Executor, scope: AccessScope, filters: ReportFilters): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(applications)
    .where(reportConditions(scope, filters));
  return Number(total);
}

/**
 * Up to `limit` report rows with an id below `beforeId` (all when null), newest id first: keyset
 * pages, so an export walks a million rows without OFFSET and without holding them.
 */
export async function reportRowsBefore(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  beforeId: number | null,
  limit: number,
): Promise<ReportRow[]> {
  const { query } = rowQuery(db);
  const where = reportConditions(scope, filters);
  return query
    .where(beforeId === null ? where : and(where, lt(applications.id, beforeId)))
    .orderBy(desc(applications.id))
    .limit(limit);
}

/** The totals of every application the filters match (not only one page). */
export async function reportTotals(
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
