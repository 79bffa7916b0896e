/**
 * reporting/get-analytics (docs/api.md, issue 12 Analytics): the figures behind the analytics
 * charts for a report range and filters, scoped as reporting/get-report (ADR 175).
 */
import { carrierDisplayName, productDisplayName } from '../../carrier-catalog/carrier-display-name.ts';
import type { Executor } from '../db/database.ts';
import { currentCarriers } from '../quoting/current-carriers.ts';
import {
  applicationsPerPeriod,
  carrierOutcomes,
  carrierQuoteTimes,
  medianPremiumBy,
  topDeclineReasons,
} from '../repositories/analytics-repository.ts';
import { reportTotals } from '../repositories/reporting-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { type ReportInput, toReportFilters } from './reporting-service.ts';

/** Share of `part` in `whole` as a fraction 0..1 rounded to 4 decimals; 0 when whole is 0. */
export function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

/**
 * `{per_day, per_week, carriers, quote_times, median_premium_by_product,
 * median_premium_by_flood_zone, decline_reasons, funnel}` (docs/api.md reporting/get-analytics);
 * carriers are products (`carrier/sub_carrier` or `carrier`, ADR 751) and carry `quote_rate` and
 * `decline_rate` (fractions of asked); quote times are seconds per carrier family; both carry the
 * carriers.json `display_name` a person reads (issue 40);
 * the funnel counts applications that reached each stage (new = every one, launched = launched or
 * completed, completed). Days and weeks are in the request's time zone. Throws ApiError 400 as
 * toReportFilters does.
 */
export async function getAnalytics(
  db: Executor,
  actor: Actor,
  input: Pick<ReportInput, 'from' | 'to' | 'time_zone' | 'filters'>,
) {
  const filters = toReportFilters(input);
  const scope = accessScope(actor);
  const [perDay, perWeek, carriers, quoteTimes, byProduct, byFloodZone, declineReasons, totals] =
    await Promise.all([
      applicationsPerPeriod(db, scope, filters, 'day'),
      applicationsPerPeriod(db, scope, filters, 'week'),
      carrierOutcomes(db, scope, filters),
      carrierQuoteTimes(db, scope, filters),
      medianPremiumBy(db, scope, filters, 'product'),
      medianPremiumBy(db, scope, filters, 'flood_zone'),
      topDeclineReasons(db, scope, filters),
      reportTotals(db, scope, filters),
    ]);
  return {
    per_day: perDay,
    per_week: perWeek.map(({ day, ...counts }) => ({ week: day, ...counts })),
    carriers: carriers.map((c) => ({
      ...c,
      display_name: productDisplayName(c.carrier, currentCarriers()),
      quote_rate: rate(c.quoted, c.asked),
      decline_rate: rate(c.declined, c.asked),
    })),
    quote_times: quoteTimes.map((c) => ({
      ...c,
      display_name: carrierDisplayName(c.carrier, null, currentCarriers()),
    })),
    median_premium_by_product: byProduct.map(({ group, ...figures }) => ({ product: group, ...figures })),
    median_premium_by_flood_zone: byFloodZone.map(({ group, ...figures }) => ({
      flood_zone: group,
      ...figures,
    })),
    decline_reasons: declineReasons,
    funnel: {
      new: totals.applications,
      launched: totals.launched + totals.completed,
      completed: totals.completed,
    },
  };
}
