/**
 * The reporting figures read from the roll-up tables of migrations 0031 and 0032 (report_hours,
 * report_carrier_hours, report_premium_hours, report_quote_time_hours; issue 12 Speed,
 * docs/decisions/500-reporting-roll-ups-kept-by-triggers.md, 530-report-roll-ups-every-company-reasons-premiums.md):
 * and report_quote_time_days of migration 0034 (580-time-to-quotes-per-day-and-export-by-copy.md):
 * the same answers as the row scans of reporting-repository.ts and analytics-repository.ts, from
 * a few rows per UTC hour instead of every application and its quotes. `rollUpServes` says when
 * they can answer; the repositories fall back to the row scans otherwise.
 */
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import {
  reportCarrierHours,
  reportHours,
  reportPremiumHours,
  reportQuoteTimeDays,
  reportQuoteTimeHours,
} from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { isRowId } from './is-row-id.ts';
import type { ReportFilters } from './report-filters.ts';

/**
 * True when the roll-ups hold the answer: the scope is a company or every company (an agent's own
 * figures are few rows, read by the agent index), no filter on agent, state, carrier or alert
 * colour (not bucket columns), and every midnight of the range in its time zone is a whole UTC
 * hour (so each day is a union of hours; false for zones such as Asia/Kolkata, UTC+05:30).
 */
export async function rollUpServes(db: Executor, scope: AccessScope, f: ReportFilters): Promise<boolean> {
  if (scope.kind !== 'all' && scope.kind !== 'company') return false;
  if (f.agentId !== undefined || f.state || f.carrier || f.alertColour) return false;
  const [{ aligned }] = rowsOf<{ aligned: boolean }>(
    await db.execute(sql`
      SELECT bool_and(extract(epoch FROM (d AT TIME ZONE ${f.timeZone})) % 3600 = 0) AS aligned
      FROM generate_series(${f.fromDay}::date::timestamp, (${f.toDay}::date + 1)::timestamp, interval '1 day') d`),
  );
  return aligned;
}

/** The company_id of the buckets that count every company (migration 0032; ids start at 1). */
const EVERY_COMPANY = 0;

/** The first UTC hour of the range (midnight of `fromDay` in its zone), as a UTC timestamp. */
const rangeStart = (f: ReportFilters) =>
  sql`((${f.fromDay}::date::timestamp AT TIME ZONE ${f.timeZone}) AT TIME ZONE 'UTC')`;
/** The UTC hour after the range (midnight after `toDay` in its zone), as a UTC timestamp. */
const rangeEnd = (f: ReportFilters) =>
  sql`(((${f.toDay}::date + 1)::timestamp AT TIME ZONE ${f.timeZone}) AT TIME ZONE 'UTC')`;

/**
 * The bucket filters of a roll-up read: scope, company, product, status, source. Every company's
 * figures read the company_id 0 buckets, a company's its own.
 */
function bucketConditions(
  table:
    | typeof reportHours
    | typeof reportCarrierHours
    | typeof reportPremiumHours
    | typeof reportQuoteTimeHours
    | typeof reportQuoteTimeDays,
  scope: AccessScope,
  f: ReportFilters,
): SQL[] {
  const parts: SQL[] = [];
  if (scope.kind === 'company') parts.push(eq(table.company_id, scope.companyId));
  if (f.companyId !== undefined) {
    parts.push(isRowId(f.companyId) ? eq(table.company_id, f.companyId) : sql`false`);
  } else if (scope.kind !== 'company') {
    parts.push(eq(table.company_id, EVERY_COMPANY));
  }
  if (f.product) parts.push(eq(table.product, f.product));
  if (f.status) parts.push(eq(table.status, f.status));
  if (f.source) parts.push(eq(table.source, f.source));
  return parts;
}

/** The where of an hourly roll-up read: the range (as UTC hours) and the bucket filters. */
function rollUpConditions(
  table: typeof reportHours | typeof reportCarrierHours | typeof reportPremiumHours,
  scope: AccessScope,
  f: ReportFilters,
): SQL | undefined {
  return and(
    sql`${table.hour} >= ${rangeStart(f)}`,
    sql`${table.hour} < ${rangeEnd(f)}`,
    ...bucketConditions(table, scope, f),
  );
}

/** How many applications the filters match (reportCount's answer). */
export async function rollUpCount(db: Executor, scope: AccessScope, f: ReportFilters): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${reportHours.applications}), 0)::int` })
    .from(reportHours)
    .where(rollUpConditions(reportHours, scope, f));
  return total;
}

/** reportTotals' answer: counts per status, carrier counts and the lowest premium. */
export async function rollUpTotals(db: Executor, scope: AccessScope, f: ReportFilters) {
  const count = (status?: string) =>
    status
      ? sql<number>`coalesce(sum(${reportHours.applications}) filter (where ${reportHours.status} = ${status}), 0)::int`
      : sql<number>`coalesce(sum(${reportHours.applications}), 0)::int`;
  const carrierSum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
  const [[applications], [carriers]] = await Promise.all([
    db
      .select({
        applications: count(),
        new: count('new'),
        launched: count('launched'),
        completed: count('completed'),
        lowest_premium: sql<string | null>`min(${reportHours.lowest_premium})`,
      })
      .from(reportHours)
      .where(rollUpConditions(reportHours, scope, f)),
    db
      .select({
        carriers_asked: carrierSum(reportCarrierHours.asked),
        carriers_quoted: carrierSum(reportCarrierHours.quoted),
        carriers_declined: carrierSum(reportCarrierHours.declined),
      })
      .from(reportCarrierHours)
      .where(rollUpConditions(reportCarrierHours, scope, f)),
  ]);
  const { lowest_premium: lowest, ...counts } = applications;
  return { ...counts, ...carriers, lowest_premium: lowest === null ? null : Number(lowest) };
}

/** applicationsPerPeriod's answer: applications and launched per day or ISO week of the zone. */
export async function rollUpPerPeriod(
  db: Executor,
  scope: AccessScope,
  f: ReportFilters,
  period: 'day' | 'week',
): Promise<{ day: string; applications: number; launched: number }[]> {
  const local = sql`((${reportHours.hour} AT TIME ZONE 'UTC') AT TIME ZONE ${f.timeZone})`;
  const start =
    period === 'day'
      ? sql<string>`to_char(${local}, 'YYYY-MM-DD')`
      : sql<string>`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
  return db
    .select({
      day: start,
      applications: sql<number>`sum(${reportHours.applications})::int`,
      launched: sql<number>`sum(${reportHours.launched})::int`,
    })
    .from(reportHours)
    .where(rollUpConditions(reportHours, scope, f))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** carrierOutcomes' answer: per product key (migration 0062) asked, quoted, declined, most asked first. */
export async function rollUpCarrierOutcomes(
  db: Executor,
  scope: AccessScope,
  f: ReportFilters,
): Promise<{ carrier: string; asked: number; quoted: number; declined: number }[]> {
  return db
    .select({
      carrier: reportCarrierHours.carrier,
      asked: sql<number>`sum(${reportCarrierHours.asked})::int`,
      quoted: sql<number>`sum(${reportCarrierHours.quoted})::int`,
      declined: sql<number>`sum(${reportCarrierHours.declined})::int`,
    })
    .from(reportCarrierHours)
    .where(rollUpConditions(reportCarrierHours, scope, f))
    .groupBy(reportCarrierHours.carrier)
    .orderBy(sql`sum(${reportCarrierHours.asked}) desc`, reportCarrierHours.carrier);
}

/** topDeclineReasons' answer: declines per reason, at most `limit`, most first, ties by reason. */
export async function rollUpDeclineReasons(
  db: Executor,
  scope: AccessScope,
  f: ReportFilters,
  limit: number,
): Promise<{ reason: string; declines: number }[]> {
  return db
    .select({
      reason: reportCarrierHours.reason,
      declines: sql<number>`sum(${reportCarrierHours.declined})::int`,
    })
    .from(reportCarrierHours)
    .where(and(rollUpConditions(reportCarrierHours, scope, f), sql`${reportCarrierHours.declined} > 0`))
    .groupBy(reportCarrierHours.reason)
    .orderBy(sql`2 desc`, sql`1`)
    .limit(limit);
}

/**
 * medianPremiumBy's answer, exact: per group (product, null when none; or flood zone) the count of
 * applications with a premium and the median as percentile_cont(0.5) computes it (in double
 * precision, the two middle values interpolated), rounded to the cent. The middle values are
 * found in the cumulative counts of the distinct premiums.
 */
export async function rollUpMedianPremiumBy(
  db: Executor,
  scope: AccessScope,
  f: ReportFilters,
  by: 'product' | 'flood_zone',
): Promise<{ group: string; median_premium: number; applications: number }[]> {
  const group =
    by === 'product' ? sql`nullif(${reportPremiumHours.product}, '')` : sql`${reportPremiumHours.flood_zone}`;
  const rows = rowsOf<{ group: string; median_premium: string; applications: number }>(
    await db.execute(sql`
      WITH v AS (
        SELECT ${group} AS g, ${reportPremiumHours.premium} AS premium, sum(${reportPremiumHours.applications}) AS n
        FROM ${reportPremiumHours}
        WHERE ${rollUpConditions(reportPremiumHours, scope, f)}
        GROUP BY 1, 2),
      c AS (
        SELECT g, premium, sum(n) OVER (PARTITION BY g ORDER BY premium) AS upto, sum(n) OVER (PARTITION BY g) AS total
        FROM v)
      SELECT g AS "group", total::int AS applications,
        round((lo::float8 + 0.5 * (hi::float8 - lo::float8))::numeric, 2) AS median_premium
      FROM (
        SELECT g, total,
          min(premium) FILTER (WHERE upto > div(total - 1, 2)) AS lo,
          min(premium) FILTER (WHERE upto > div(total, 2)) AS hi
        FROM c GROUP BY g, total) m
      ORDER BY 1`),
  );
  return rows.map((row) => ({ ...row, median_premium: Number(row.median_premium) }));
}

/**
 * One carrier's row of the time-to-quotes figure: the (application, carrier) pairs of the range and
 * the medians of their seconds to the first and to the last answer (0.1 s; null when none qualifies).
 */
export interface CarrierQuoteTime {
  carrier: string;
  applications: number;
  first_quote_seconds: number | null;
  all_quotes_seconds: number | null;
}

/**
 * carrierQuoteTimes' answer, exact: per carrier the (application, carrier) pairs and the medians
 * of their seconds to the first and to the last answer (0.1 s; null when none qualifies), most
 * pairs first, ties by carrier. The range's whole UTC days are read from report_quote_time_days,
 * its first and last hours (a zone's midnight is not UTC's) from report_quote_time_hours, once;
 * both medians come from the same cumulative counts, as percentile_cont(0.5) computes them (the
 * two middle values interpolated in double precision).
 */
export async function rollUpCarrierQuoteTimes(
  db: Executor,
  scope: AccessScope,
  f: ReportFilters,
): Promise<CarrierQuoteTime[]> {
  const start = rangeStart(f);
  const end = rangeEnd(f);
  // The whole UTC days inside the range: [firstDay, afterDays), empty when there is none.
  const firstDay = sql`date_trunc('day', ${start} + interval '1 day' - interval '1 microsecond')`;
  const afterDays = sql`greatest(${firstDay}, date_trunc('day', ${end}))`;
  const d = reportQuoteTimeDays;
  const h = reportQuoteTimeHours;
  const rows = rowsOf<{
    carrier: string;
    applications: number;
    first_quote_seconds: string | null;
    all_quotes_seconds: string | null;
  }>(
    await db.execute(sql`
      WITH r AS MATERIALIZED (
        SELECT ${d.carrier} AS carrier, ${d.first_seconds} AS first_s, ${d.all_seconds} AS all_s, ${d.pairs} AS n
        FROM ${d}
        WHERE ${and(sql`${d.day} >= ${firstDay}`, sql`${d.day} < ${afterDays}`, ...bucketConditions(d, scope, f))}
        UNION ALL
        SELECT ${h.carrier}, ${h.first_seconds}, ${h.all_seconds}, ${h.pairs}
        FROM ${h}
        WHERE ${and(
          sql`((${h.hour} >= ${start} AND ${h.hour} < least(${firstDay}, ${end}))
            OR (${h.hour} >= ${afterDays} AND ${h.hour} < ${end}))`,
          ...bucketConditions(h, scope, f),
        )}),
      v AS (
        SELECT carrier, 1 AS figure, first_s AS v, sum(n) AS n FROM r WHERE first_s IS NOT NULL GROUP BY 1, 3
        UNION ALL
        SELECT carrier, 2, all_s, sum(n) FROM r WHERE all_s IS NOT NULL GROUP BY 1, 3),
      c AS (
        SELECT carrier, figure, v, sum(n) OVER (PARTITION BY carrier, figure ORDER BY v) AS upto,
          sum(n) OVER (PARTITION BY carrier, figure) AS total
        FROM v),
      m AS (
        SELECT carrier, figure, round((lo::float8 + 0.5 * (hi::float8 - lo::float8))::numeric, 1) AS median
        FROM (
          SELECT carrier, figure, min(v) FILTER (WHERE upto > div(total - 1, 2)) AS lo,
            min(v) FILTER (WHERE upto > div(total, 2)) AS hi
          FROM c GROUP BY 1, 2) x)
      SELECT p.carrier, p.applications, fm.median AS first_quote_seconds, am.median AS all_quotes_seconds
      FROM (SELECT carrier, sum(n)::int AS applications FROM r GROUP BY 1) p
      LEFT JOIN m fm ON fm.carrier = p.carrier AND fm.figure = 1
      LEFT JOIN m am ON am.carrier = p.carrier AND am.figure = 2
      ORDER BY p.applications DESC, p.carrier`),
  );
  const seconds = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    ...row,
    first_quote_seconds: seconds(row.first_quote_seconds),
    all_quotes_seconds: seconds(row.all_quotes_seconds),
  }));
}
