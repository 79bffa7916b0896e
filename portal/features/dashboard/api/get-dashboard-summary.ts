/** The dashboard's data: status counts, the most recent applications and those with alerts (get-agent-applications-list). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentedData } from '../../../lib/api-operations.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import type { ApplicationRow, ApplicationsListData } from '../../applications/api/application-types.ts';

/** A recent application as the dashboard shows it (a listing row). */
export type RecentApplication = ApplicationRow;

/** Dashboard summary: counts by status, the newest applications and the newest with an alert. */
export interface DashboardSummary {
  status_counts: ApplicationsListData['status_counts'];
  recent: RecentApplication[];
  /** Of the ALERT_WINDOW newest applications, those with an alert colour (at most RECENT_COUNT). */
  alerts: RecentApplication[];
  total: number;
}

/** How many recent applications (and alerts) the dashboard lists. */
export const RECENT_COUNT = 5;

/** How many of the newest applications the alerts widget looks through. */
export const ALERT_WINDOW = 50;

/** Fetches page 1 (newest first) with `ALERT_WINDOW` rows. Throws `ApiRequestError` on failure. */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  const user = getAuthState().user;
  const agentId = user?.agent?.id ?? null;
  const data = await documentedData(
    'agent-portal/get-agent-applications-list',
    {
      agent_id: agentId,
      customer_id: user?.customer_id ?? null,
      application_source: null,
      filters: { agent_id: agentId },
    },
    { query: `?page=1&per_page=${ALERT_WINDOW}` },
  );
  const rows = data.applications.data;
  return {
    status_counts: data.status_counts,
    recent: rows.slice(0, RECENT_COUNT),
    alerts: rows.filter((row) => row.alert_color !== null).slice(0, RECENT_COUNT),
    total: data.applications.total,
  };
}

/** Query options of the dashboard summary. */
export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['applications', 'dashboard'], queryFn: getDashboardSummary });

/** The dashboard summary. */
export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
