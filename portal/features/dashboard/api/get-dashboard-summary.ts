/** The dashboard's data: status counts, the most recent applications and those with alerts (get-agent-applications-list). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import type { AlertColor } from '../../../lib/constants.ts';

/** A recent application as the dashboard shows it. */
export interface RecentApplication {
  id: number;
  application_id: string;
  status: string;
  carrier_quote_type: string[];
  application_type: string;
  searched_address: string | null;
  min_quote_amount: number | null;
  alert_color: AlertColor | null;
  updated_at: string;
}

/** Dashboard summary: counts by status, the newest applications and the newest with an alert. */
export interface DashboardSummary {
  status_counts: { new: number; launched: number; completed: number };
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
  const data = await apiData<{
    applications: { data: RecentApplication[]; total: number };
    status_counts: DashboardSummary['status_counts'];
  }>(`agent-portal/get-agent-applications-list?page=1&per_page=${ALERT_WINDOW}`, {
    agent_id: agentId,
    customer_id: user?.customer_id ?? null,
    application_source: null,
    filters: { agent_id: agentId },
  });
  const rows = data.applications?.data ?? [];
  return {
    status_counts: data.status_counts ?? { new: 0, launched: 0, completed: 0 },
    recent: rows.slice(0, RECENT_COUNT),
    alerts: rows.filter((row) => row.alert_color !== null).slice(0, RECENT_COUNT),
    total: data.applications?.total ?? 0,
  };
}

/** Query options of the dashboard summary. */
export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['applications', 'dashboard'], queryFn: getDashboardSummary });

/** The dashboard summary. */
export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
