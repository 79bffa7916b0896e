/**
 * The analytics queries of issue 12 (Analytics): per-day and per-week counts, per-carrier rates
 * and times to quotes, median premium by product and by flood zone, top declining reasons, over
 * the applications a report range matches (the funnel is reportTotals). Days and weeks are the
 * user's (ReportFilters.timeZone). Every figure is an SQL aggregate.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { applications, quotes } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import type { ReportFilters } from './report-filters.ts';
import {
  type CarrierQuoteTime,
  rollUpCarrierOutcomes,
  rollUpCarrierQuoteTimes,
  rollUpDeclineReasons,
  rollUpMedianPremiumBy,
  rollUpPerPeriod,
  rollUpServes,
} from './report-roll-ups.ts';
import { reportConditions } from './reporting-repository.ts';

/**
 * Applications created, and of those launched, per day (`YYYY-MM-DD`) or per week (its Monday,
 * `YYYY-MM-DD`, ISO weeks) of the range in the filters' time zone; periods without any left out.
 * From the roll-ups when they serve the filters (report-roll-ups.ts), else from the rows.
 */
export async function applicationsPerPeriod(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  period: 'day' | 'week',
): Promise<{ day: string; applications: number; launched: number }[]> {
  return (await rollUpServes(db, scope, filters))
    ? rollUpPerPeriod(db, scope, filters, period)
    : applicationsPerPeriodFromRows(db, scope, filters, period);
}

/** applicationsPerPeriod from the applications (every filter; the roll-ups' reference). */
export async function applicationsPerPeriodFromRows(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  period: 'day' | 'week',
): Promise<{ day: string; applications: number; launched: number }[]> {
  const local = sql`(${applications.created_at} at time zone ${filters.timeZone})`;
  const start =
    period === 'day'
      ? sql<string>`to_char(${local}, 'YYYY-MM-DD')`
      : sql<string>`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
  return db
    .select({
      day: start,
      applications: sql<number>`count(*)::int`,
      launched: sql<number>`(count(*) filter (where ${applications.launched_at} is not null))::int`,
    })
    .from(applications)
    .where(reportConditions(scope, filters))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/**
 * Per product: quotes asked, quoted and declined for the range's applications, most asked first;
 * `carrier` is the product key, `carrier/sub_carrier` or `carrier` for a quote without a
 * sub-carrier (migration 0062, ADR 751). From the roll-ups when they serve the filters (report-roll-ups.ts), else from the rows.
 */
export async function carrierOutcomes(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<{ carrier: string; asked: number; quoted: number; declined: number }[]> {
  return (await rollUpServes(db, scope, filters))
    ? rollUpCarrierOutcomes(db, scope, filters)
    : carrierOutcomesFromRows(db, scope, filters);
}

/** carrierOutcomes from the quotes of the applications (every filter; the roll-ups' reference). */
export async function carrierOutcomesFromRows(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<{ carrier: string; asked: number; quoted: number; declined: number }[]> {
  // The key report_quote_of (migration 0062) gives the roll-ups.
  const product = sql<string>`${quotes.carrier} || coalesce('/' || ${quotes.sub_carrier}, '')`;
  return db
    .select({
      carrier: product,
      asked: sql<number>`count(*)::int`,
      quoted: sql<number>`(count(*) filter (where ${quotes.status} = 'quoted'))::int`,
      declined: sql<number>`(count(*) filter (where ${quotes.status} = 'declined'))::int`,
    })
    .from(quotes)
    .innerJoin(applications, eq(applications.id, quotes.application_id))
    .where(reportConditions(scope, filters))
    .groupBy(sql`1`)
    .orderBy(sql`count(*) desc`, sql`1`);
}

/**
 * Median lowest premium (dollars, to the cent) per group, over the range's applications that have
 * one: by product (carrier_quote_type[0]) or by flood zone (useable_details.flood_zone; 'Unknown'
 * when not given). Ordered by group name. From the roll-ups when they serve the filters
 * (report-roll-ups.ts; exact), else from the rows.
 */
export async function medianPremiumBy(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  by: 'product' | 'flood_zone',
): Promise<{ group: string; median_premium: number; applications: number }[]> {
  return (await rollUpServes(db, scope, filters))
    ? rollUpMedianPremiumBy(db, scope, filters, by)
    : medianPremiumByFromRows(db, scope, filters, by);
}

/** medianPremiumBy from the applications (every filter; the roll-ups' reference). */
export async function medianPremiumByFromRows(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
  by: 'product' | 'flood_zone',
): Promise<{ group: string; median_premium: number; applications: number }[]> {
  const group =
    by === 'product'
      ? sql<string>`${applications.carrier_quote_type} ->> 0`
      : sql<string>`coalesce(nullif(${applications.useable_details} ->> 'flood_zone', ''), 'Unknown')`;
  const rows = await db
    .select({
      group,
      median_premium: sql<string>`round((percentile_cont(0.5) within group (order by ${applications.min_quote_amount}))::numeric, 2)`,
      applications: sql<number>`count(*)::int`,
    })
    .from(applications)
    .where(and(reportConditions(scope, filters), sql`${applications.min_quote_amount} is not null`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({ ...row, median_premium: Number(row.median_premium) }));
}

/**
 * Per carrier, over the range's applications it answered: the median seconds from the carrier's
 * first request to its first answer (`first_quote_seconds`) and, where none of its quotes is still
 * pending, to its last answer (`all_quotes_seconds`; a carrier with sub-carriers answers several
 * quotes per application). Medians to 0.1 s; null when no application qualifies. Most asked first.
 * From the roll-ups when they serve the filters (report-roll-ups.ts; exact), else from the rows.
 */
export async function carrierQuoteTimes(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<CarrierQuoteTime[]> {
  return (await rollUpServes(db, scope, filters))
    ? rollUpCarrierQuoteTimes(db, scope, filters)
    : carrierQuoteTimesFromRows(db, scope, filters);
}

/** carrierQuoteTimes from the quotes of the applications (every filter; the roll-ups' reference). */
export async function carrierQuoteTimesFromRows(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<CarrierQuoteTime[]> {
  const perApplication = db
    .select({
      carrier: quotes.carrier,
      first: sql<number>`extract(epoch from min(${quotes.answered_at}) - min(${quotes.requested_at}))`.as(
        'first',
      ),
      all: sql<number>`case when bool_and(${quotes.answered_at} is not null)
        then extract(epoch from max(${quotes.answered_at}) - min(${quotes.requested_at})) end`.as('all'),
    })
    .from(quotes)
    .innerJoin(applications, eq(applications.id, quotes.application_id))
    .where(reportConditions(scope, filters))
    .groupBy(quotes.carrier, quotes.application_id)
    .as('per_application');
  const median = (column: unknown) =>
    sql<string | null>`round((percentile_cont(0.5) within group (order by ${column}))::numeric, 1)`;
  const rows = await db
    .select({
      carrier: perApplication.carrier,
      applications: sql<number>`count(*)::int`,
      first_quote_seconds: median(perApplication.first),
      all_quotes_seconds: median(perApplication.all),
    })
    .from(perApplication)
    .groupBy(perApplication.carrier)
    .orderBy(sql`count(*) desc`, perApplication.carrier);
  const seconds = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    ...row,
    first_quote_seconds: seconds(row.first_quote_seconds),
    all_quotes_seconds: seconds(row.all_quotes_seconds),
  }));
}

/** How many of the most frequent declining reasons the analytics show. */
export const TOP_DECLINE_REASONS = 10;

/**
 * The carriers' most frequent declining reasons (a declined quote's message, trimmed; 'No reason
 * given' when empty) over the range's applications: at most TOP_DECLINE_REASONS, most frequent
 * first, ties by reason. From the roll-ups when they serve the filters (report-roll-ups.ts), else
 * from the rows.
 */
export async function topDeclineReasons(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<{ reason: string; declines: number }[]> {
  return (await rollUpServes(db, scope, filters))
    ? rollUpDeclineReasons(db, scope, filters, TOP_DECLINE_REASONS)
    : topDeclineReasonsFromRows(db, scope, filters);
}

/** topDeclineReasons from the declined quotes (every filter; the roll-ups' reference). */
export async function topDeclineReasonsFromRows(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<{ reason: string; declines: number }[]> {
  return db
    .select({
      reason: sql<string>`coalesce(nullif(btrim(${quotes.message}), ''), 'No reason given')`,
      declines: sql<number>`count(*)::int`,
    })
    .from(quotes)
    .innerJoin(applications, eq(applications.id, quotes.application_id))
    .where(and(reportConditions(scope, filters), eq(quotes.status, 'declined')))
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1`)
    .limit(TOP_DECLINE_REASONS);
}
