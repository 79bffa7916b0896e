/**
 * reporting/export-csv: posts the export request and saves the CSV answer as a file
 * (docs/api.md Reporting, docs/decisions/176-report-csv-export-streams-keyset-pages.md).
 */
import { type ApiEnvelope, ApiRequestError } from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import type { ReportQuery } from './get-report.ts';

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

/**
 * Downloads the CSV of `query`'s range and filters with `columns`; resolves with the file name once
 * the whole file has been read and handed to the browser. Throws `ApiRequestError` for an error
 * envelope (400, 401, 402, 403) and the fetch error when the connection breaks mid-file.
 */
export async function exportReportCsv(
  query: Pick<ReportQuery, 'from' | 'to' | 'filters'>,
  columns: ExportColumn[],
): Promise<string> {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, value]) => value !== ''));
  const response = await fetch('/api/reporting/export-csv', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      session_key: getAuthState().session_key,
      from: query.from,
      to: query.to,
      columns,
      filters,
    }),
  });
  if (String(response.headers.get('content-type')).startsWith('application/json')) {
    throw new ApiRequestError((await response.json()) as ApiEnvelope<unknown>);
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return name;
}
