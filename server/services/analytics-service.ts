/**
 * reporting/get-analytics (docs/api.md, issue 12 Analytics): the figures behind the analytics
 * charts for a report range and filters, scoped as reporting/get-report (ADR 175).
 */
import type { Executor } from '../db/database.ts';
import {
  applicationsPerDay,
  carrierOutcomes,
  medianPremiumByProduct,
} from '../repositories/analytics-repository.ts';
import { reportTotals } from '../repositories/reporting-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { type ReportInput, toReportFilters } from './reporting-service.ts';

/** Share of `part` in `whole` as a fraction 0..1 rounded to 4 decimals; 0 when whole is 0. */
export function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

/**
 * `{per_day, carriers, median_premium_by_product, funnel}`; carriers carry `quote_rate` and
 * `decline_rate` (fractions of asked); the funnel counts applications that reached each stage
 * (new = every one, launched = launched or completed, completed). Throws ApiError 400 as
 * toReportFilters does.
 */
export async function getAnalytics(
  db: Executor,
  actor: Actor,
  input: Pick<ReportInput, 'from' | 'to' | 'filters'>,
) {
  const filters = toReportFilters(input);
  const scope = accessScope(actor);
  const [perDay, carriers, medians, totals] = await Promise.all([
    applicationsPerDay(db, scope, filters),
    carrierOutcomes(db, scope, filters),
    medianPremiumByProduct(db, scope, filters),
    reportTotals(db, scope, filters),
  ]);
  return {
    per_day: perDay,
    carriers: carriers.map((c) => ({
      ...c,
      quote_rate: rate(c.quoted, c.asked),
      decline_rate: rate(c.declined, c.asked),
    })),
    median_premium_by_product: medians,
    funnel: {
      new: totals.applications,
      launched: totals.launched + totals.completed,
      completed: totals.completed,
    },
  };
}
