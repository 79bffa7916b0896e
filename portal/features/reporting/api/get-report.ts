/** reporting/get-report: types, fetcher and hook (docs/api.md Reporting, issue 12). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, type ApiBody, documentedData } from '../../../lib/api-operations.ts';
import { reportTimeZone } from './report-time-zone.ts';

/** Columns the server sorts by (docs/api.md reporting/get-report). */
export type ReportSortColumn = NonNullable<ApiBody<'reporting/get-report'>['sort']>['column'];

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

/** The answer's data: one page of rows (money in dollars, times ISO) and the range's totals. */
export type ReportData = ApiAnswer<'reporting/get-report'>;

/** One row of the report. */
export type ReportRow = ReportData['rows'][number];

/** Fetches one report page. Throws `ApiRequestError` on an error answer. */
export function getReport(query: ReportQuery): Promise<ReportData> {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, value]) => value !== ''));
  return documentedData('reporting/get-report', {
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
