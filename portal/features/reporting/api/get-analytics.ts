/** reporting/get-analytics: types, fetcher and hook (docs/api.md Reporting, issue 12 Analytics). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { reportTimeZone } from './report-time-zone.ts';

/** The answer's data; money in dollars, rates as fractions 0..1. */
export interface AnalyticsData {
  per_day: { day: string; applications: number; launched: number }[];
  /** Weeks by their Monday, `YYYY-MM-DD`. */
  per_week: { week: string; applications: number; launched: number }[];
  carriers: {
    carrier: string;
    asked: number;
    quoted: number;
    declined: number;
    quote_rate: number;
    decline_rate: number;
  }[];
  /** Median seconds to a carrier's first and to all its quotes (null: none qualifies). */
  quote_times: {
    carrier: string;
    applications: number;
    first_quote_seconds: number | null;
    all_quotes_seconds: number | null;
  }[];
  median_premium_by_product: { product: string; median_premium: number; applications: number }[];
  median_premium_by_flood_zone: { flood_zone: string; median_premium: number; applications: number }[];
  decline_reasons: { reason: string; declines: number }[];
  funnel: { new: number; launched: number; completed: number };
}

/** Query options of the analytics of a range of whole days `YYYY-MM-DD` in the user's zone, both included. */
export function analyticsQueryOptions(range: { from: string; to: string }) {
  const timeZone = reportTimeZone();
  return queryOptions({
    queryKey: ['reporting', 'analytics', range, timeZone],
    queryFn: () => apiData<AnalyticsData>('reporting/get-analytics', { ...range, time_zone: timeZone }),
  });
}

/** The analytics of `range`. */
export function useAnalytics(range: { from: string; to: string }) {
  return useQuery(analyticsQueryOptions(range));
}
