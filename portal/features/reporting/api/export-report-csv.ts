/**
 * reporting/start-export and reporting/get-export: the reports CSV export as a job, whose file the
 * browser downloads from the report downloads path with its session cookie (docs/api.md Reporting,
 * docs/decisions/411-report-exports-as-jobs.md, 748-session-cookie-for-links-and-streams.md).
 */
import { useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from '../../../lib/api-operations.ts';
import type { ReportQuery } from './get-report.ts';
import { reportTimeZone } from './report-time-zone.ts';

/** The columns a file can hold, in file order, with their labels (the server's EXPORT_COLUMNS). */
export const EXPORT_COLUMN_LABELS = {
  reference: 'Reference',
  created_at: 'Created',
  agent: 'Agent',
  client_name: 'Client',
  address: 'Address',
  product: 'Product',
  status: 'Status',
  carriers_asked: 'Carriers asked',
  carriers_quoted: 'Carriers quoted',
  carriers_declined: 'Carriers declined',
  lowest_premium: 'Lowest premium',
  launched_at: 'Launched',
} as const;
/** A key of EXPORT_COLUMN_LABELS. */
export type ExportColumn = keyof typeof EXPORT_COLUMN_LABELS;

/** An export job as the server shows it; `expires_at`: when the file is deleted (ADR 450). */
export type ReportExport = ApiAnswer<'reporting/start-export'>['export'];

/** How often the dialog asks for an export's progress, in ms. */
export const EXPORT_POLL_MS = 500;

/**
 * Starts the export of `query`'s range and filters with `columns`. Throws `ApiRequestError` for
 * an error envelope (400, 401, 402, 403).
 */
export async function startReportExport(
  query: Pick<ReportQuery, 'from' | 'to' | 'filters'>,
  columns: ExportColumn[],
): Promise<ReportExport> {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, value]) => value !== ''));
  const data = await documentedData('reporting/start-export', {
    from: query.from,
    to: query.to,
    time_zone: reportTimeZone(),
    columns,
    filters,
  });
  return data.export;
}

/** The export `id`, polled every EXPORT_POLL_MS until it is done or failed; disabled for null. */
export function useReportExport(id: number | null) {
  return useQuery({
    queryKey: ['reporting', 'export', id],
    queryFn: async () =>
      // Not called while id is null (enabled below).
      (await documentedData('reporting/get-export', { export_id: id ?? 0 })).export,
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : EXPORT_POLL_MS,
  });
}
