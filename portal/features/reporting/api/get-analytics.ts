/** reporting/get-analytics: types, fetcher and hook (docs/api.md Reporting, issue 12 Analytics). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from '../../../lib/api-operations.ts';
import { reportTimeZone } from './report-time-zone.ts';

/**
 * The answer's data; money in dollars, rates as fractions 0..1, weeks by their Monday
 * `YYYY-MM-DD`, median seconds to a carrier's first and all quotes (null: none qualifies).
 */
export type AnalyticsData = ApiAnswer<'reporting/get-analytics'>;

/** Query options of the analytics of a range of whole days `YYYY-MM-DD` in the user's zone, both included. */
export function analyticsQueryOptions(range: { from: string; to: string }) {
  const timeZone = reportTimeZone();
  return queryOptions({
    queryKey: ['reporting', 'analytics', range, timeZone],
    queryFn: () => documentedData('reporting/get-analytics', { ...range, time_zone: timeZone }),
  });
}

/** The analytics of `range`. */
export function useAnalytics(range: { from: string; to: string }) {
  return useQuery(analyticsQueryOptions(range));
}
