/**
 * reporting/export-csv: posts the export request and saves the CSV answer as a file
 * (docs/api.md Reporting, docs/decisions/176-report-csv-export-streams-keyset-pages.md).
 */
import { postDownload } from '../../../lib/post-download.ts';
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
export function exportReportCsv(
  query: Pick<ReportQuery, 'from' | 'to' | 'filters'>,
  columns: ExportColumn[],
): Promise<string> {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, value]) => value !== ''));
  return postDownload(
    'reporting/export-csv',
    { from: query.from, to: query.to, columns, filters },
    'report.csv',
  );
}
