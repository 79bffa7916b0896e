/** reporting/get-report: types, fetcher and hook (docs/api.md Reporting, issue 12). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { reportTimeZone } from './report-time-zone.ts';

/** Columns the server sorts by (docs/api.md reporting/get-report). */
export type ReportSortColumn =
  | 'reference'
  | 'created_at'
  | 'agent'
  | 'client_name'
  | 'address'
  | 'product'
  | 'status'
  | 'carriers_asked'
  | 'carriers_quoted'
  | 'carriers_declined'
  | 'lowest_premium'
  | 'launched_at';

/** A report request: whole days `YYYY-MM-DD` (the user's time zone, both included), filters ('' = any), sort, page. */
export interface ReportQuery {
  from: string;
  to: string;
  page: number;
  perPage: number;
  sort: { column: ReportSortColumn; direction: 'asc' | 'desc' };
  /** `company_id`: the super-admin's company picker ('' = every company). */
  filters: {
    company_id: string;
    /** The agent record id of the admin's agent filter ('' = every agent). */
    agent_id: string;
    product: string;
    status: string;
    state: string;
    source: string;
    carrier: string;
    /** One of the alert colours of SPEC §4 ('' = All Alerts). */
    alert_colour: string;
  };
}

/** One row; money in dollars, times ISO. */
export interface ReportRow {
  id: number;
  reference: string;
  created_at: string;
  agent: string;
  client_name: string | null;
  address: string;
  product: string | null;
  status: 'new' | 'launched' | 'completed';
  carriers_asked: number;
  carriers_quoted: number;
  carriers_declined: number;
  lowest_premium: number | null;
  launched_at: string | null;
}

/** The answer's data. */
export interface ReportData {
  rows: ReportRow[];
  page: number;
  per_page: number;
  last_page: number;
  total: number;
  totals: {
    applications: number;
    new: number;
    launched: number;
    completed: number;
    carriers_asked: number;
    carriers_quoted: number;
    carriers_declined: number;
    lowest_premium: number | null;
  };
}

/** Fetches one report page. Throws `ApiRequestError` on an error answer. */
export function getReport(query: ReportQuery): Promise<ReportData> {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, value]) => value !== ''));
  return apiData<ReportData>('reporting/get-report', {
    from: query.from,
    to: query.to,
    time_zone: reportTimeZone(),
    page: query.page,
    per_page: query.perPage,
    sort: query.sort,
    filters,
  });
}

/** Query options of one report page. */
export function reportQueryOptions(query: ReportQuery) {
  return queryOptions({
    queryKey: ['reporting', 'report', query],
    queryFn: () => getReport(query),
    placeholderData: keepPreviousData,
  });
}

/** The report for `query`, keeping the previous page visible while the next loads. */
export function useReport(query: ReportQuery) {
  return useQuery(reportQueryOptions(query));
}
