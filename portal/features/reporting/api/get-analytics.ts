/** reporting/get-analytics: types, fetcher and hook (docs/api.md Reporting, issue 12 Analytics). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** The answer's data; money in dollars, rates as fractions 0..1. */
export interface AnalyticsData {
  per_day: { day: string; applications: number; launched: number }[];
  carriers: {
    carrier: string;
    asked: number;
    quoted: number;
    declined: number;
    quote_rate: number;
    decline_rate: number;
  }[];
  median_premium_by_product: { product: string; median_premium: number; applications: number }[];
  funnel: { new: number; launched: number; completed: number };
}

/** Query options of the analytics of a range of whole UTC days `YYYY-MM-DD`, both included. */
export function analyticsQueryOptions(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: ['reporting', 'analytics', range],
    queryFn: () => apiData<AnalyticsData>('reporting/get-analytics', range),
  });
}

/** The analytics of `range`. */
export function useAnalytics(range: { from: string; to: string }) {
  return useQuery(analyticsQueryOptions(range));
}
