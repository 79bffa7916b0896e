/**
 * The analytics queries of issue 12 (Analytics): per-day counts, per-carrier rates, median
 * premium by product and the status funnel over the applications a report range matches. Every
 * figure is an SQL aggregate.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { applications, quotes } from '../db/schema.ts';
import type { AccessScope } from './access-scope.ts';
import { type ReportFilters, reportConditions } from './reporting-repository.ts';

/** Applications created and launched per UTC day of the range (days without any left out). */
export async function applicationsPerDay(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<{ day: string; applications: number; launched: number }[]> {
  const day = sql<string>`to_char(${applications.created_at} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      applications: sql<number>`count(*)::int`,
      launched: sql<number>`(count(*) filter (where ${applications.launched_at} is not null))::int`,
    })
    .from(applications)
    .where(reportConditions(scope, filters))
    .groupBy(day)
    .orderBy(day);
}

/** Per carrier: quotes asked, quoted and declined for the range's applications, most asked first. */
export async function carrierOutcomes(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<{ carrier: string; asked: number; quoted: number; declined: number }[]> {
  return db
    .select({
      carrier: quotes.carrier,
      asked: sql<number>`count(*)::int`,
      quoted: sql<number>`(count(*) filter (where ${quotes.status} = 'quoted'))::int`,
      declined: sql<number>`(count(*) filter (where ${quotes.status} = 'declined'))::int`,
    })
    .from(quotes)
    .innerJoin(applications, eq(applications.id, quotes.application_id))
    .where(reportConditions(scope, filters))
    .groupBy(quotes.carrier)
    .orderBy(sql`count(*) desc`, quotes.carrier);
}

/** Median lowest premium (dollars) per product, over the range's applications that have one. */
export async function medianPremiumByProduct(
  db: Executor,
  scope: AccessScope,
  filters: ReportFilters,
): Promise<{ product: string; median_premium: number; applications: number }[]> {
  const product = sql<string>`${applications.carrier_quote_type} ->> 0`;
  const rows = await db
    .select({
      product,
      median_premium: sql<string>`percentile_cont(0.5) within group (order by ${applications.min_quote_amount})`,
      applications: sql<number>`count(*)::int`,
    })
    .from(applications)
    .where(and(reportConditions(scope, filters), sql`${applications.min_quote_amount} is not null`))
    .groupBy(product)
    .orderBy(product);
  return rows.map((row) => ({ ...row, median_premium: Number(row.median_premium) }));
}
