/**
 * The reporting figures read from the roll-up tables of migrations 0031 and 0032 (report_hours,
 * report_carrier_hours, report_premium_hours, report_quote_time_hours; issue 12 Speed,
 * docs/decisions/500-reporting-roll-ups-kept-by-triggers.md, 530-report-roll-ups-every-company-reasons-premiums.md):
 * the same answers as the row scans of reporting-repository.ts and analytics-repository.ts, from
 * a few rows per UTC hour instead of every application and its quotes. `rollUpServes` says when
 * they can answer; the repositories fall back to the row scans otherwise.
 */
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import { reportCarrierHours, reportHours, reportPremiumHours, reportQuoteTimeHours } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { isRowId } from './is-row-id.ts';
import type { ReportFilters } from './reporting-repository.ts';

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

/**
 * The where of a roll-up read: scope, range (as UTC hours) and the bucket filters. Every company's
 * figures read the company_id 0 buckets, a company's its own.
 */
function rollUpConditions(
  table:
    | typeof reportHours
    | typeof reportCarrierHours
    | typeof reportPremiumHours
    | typeof reportQuoteTimeHours,
  scope: AccessScope,
  f: ReportFilters,
): SQL | undefined {
  const parts: SQL[] = [
    sql`${table.hour} >= ((${f.fromDay}::date::timestamp AT TIME ZONE ${f.timeZone}) AT TIME ZONE 'UTC')`,
    sql`${table.hour} < (((${f.toDay}::date + 1)::timestamp AT TIME ZONE ${f.timeZone}) AT TIME ZONE 'UTC')`,
  ];
  if (scope.kind === 'company') parts.push(eq(table.company_id, scope.companyId));
  if (f.companyId !== undefined) {
    parts.push(isRowId(f.companyId) ? eq(table.company_id, f.companyId) : sql`false`);
  } else if (scope.kind !== 'company') {
    parts.push(eq(table.company_id, EVERY_COMPANY));
  }
  if (f.product) parts.push(eq(table.product, f.product));
  if (f.status) parts.push(eq(table.status, f.status));
  if (f.source) parts.push(eq(table.source, f.source));
  return and(...parts);
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

/** carrierOutcomes' answer: per carrier asked, quoted, declined, most asked first. */
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
 * The median, as percentile_cont(0.5) computes it, of `value` (a column that may be null) weighted
 * by `weight`, per `key`, over the rows `where` picks of `table`; `digits` after the point. An
 * SQL subquery answering (key, median).
 */
function cumulativeMedian(
  table: SQL,
  key: SQL,
  value: SQL,
  weight: SQL,
  where: SQL | undefined,
  digits: number,
) {
  return sql`(
    SELECT k, round((lo::float8 + 0.5 * (hi::float8 - lo::float8))::numeric, ${sql.raw(String(digits))}) AS median
    FROM (
      SELECT k, min(v) FILTER (WHERE upto > div(total - 1, 2)) AS lo, min(v) FILTER (WHERE upto > div(total, 2)) AS hi
      FROM (
        SELECT k, v, sum(n) OVER (PARTITION BY k ORDER BY v) AS upto, sum(n) OVER (PARTITION BY k) AS total
        FROM (SELECT ${key} AS k, ${value} AS v, sum(${weight}) AS n FROM ${table}
              WHERE ${where} AND ${value} IS NOT NULL GROUP BY 1, 2) v) c
      GROUP BY k) m)`;
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
 * pairs first, ties by carrier.
 */
export async function rollUpCarrierQuoteTimes(
  db: Executor,
  scope: AccessScope,
  f: ReportFilters,
): Promise<CarrierQuoteTime[]> {
  const where = rollUpConditions(reportQuoteTimeHours, scope, f);
  const t = reportQuoteTimeHours;
  const rows = rowsOf<{
    carrier: string;
    applications: number;
    first_quote_seconds: string | null;
    all_quotes_seconds: string | null;
  }>(
    await db.execute(sql`
      SELECT p.carrier, p.applications, fm.median AS first_quote_seconds, am.median AS all_quotes_seconds
      FROM (SELECT ${t.carrier} AS carrier, sum(${t.pairs})::int AS applications FROM ${t} WHERE ${where} GROUP BY 1) p
      LEFT JOIN ${cumulativeMedian(sql`${t}`, sql`${t.carrier}`, sql`${t.first_seconds}`, sql`${t.pairs}`, where, 1)} fm
        ON fm.k = p.carrier
      LEFT JOIN ${cumulativeMedian(sql`${t}`, sql`${t.carrier}`, sql`${t.all_seconds}`, sql`${t.pairs}`, where, 1)} am
        ON am.k = p.carrier
      ORDER BY p.applications DESC, p.carrier`),
  );
  const seconds = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    ...row,
    first_quote_seconds: seconds(row.first_quote_seconds),
    all_quotes_seconds: seconds(row.all_quotes_seconds),
  }));
}
