/**
 * reporting/export-csv (issue 12 Reporting, "reports CSV export" of SPEC §2): the report's rows
 * in a range as CSV with the columns the user chose, streamed: keyset pages of EXPORT_PAGE_ROWS
 * rows go through csv-stringify one page at a time, so memory stays flat whatever the row count.
 * docs/decisions/176-report-csv-export-streams-keyset-pages.md.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Executor } from '../db/database.ts';
import { type ReportRow, reportRowsBefore } from '../repositories/reporting-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { applicationReference } from './application-reference.ts';
import { csvSafeCell } from './csv-safe-cell.ts';
import { type ReportInput, toReportFilters } from './reporting-service.ts';

/** Rows read per keyset page. */
export const EXPORT_PAGE_ROWS = 1000;

/** The exportable columns, in file order, with their header. docs/api.md reporting/export-csv. */
export const EXPORT_COLUMNS = {
  reference: 'Reference',
  created_at: 'Created (UTC)',
  agent: 'Agent',
  client_name: 'Client',
  address: 'Address',
  product: 'Product',
  status: 'Status',
  carriers_asked: 'Carriers asked',
  carriers_quoted: 'Carriers quoted',
  carriers_declined: 'Carriers declined',
  lowest_premium: 'Lowest premium (USD)',
  launched_at: 'Launched (UTC)',
} as const;
/** A key of EXPORT_COLUMNS. */
export type ExportColumn = keyof typeof EXPORT_COLUMNS;

/** The checked body of reporting/export-csv. */
export type ExportInput = Pick<ReportInput, 'from' | 'to' | 'time_zone' | 'filters'> & {
  columns: ExportColumn[];
};

function cell(row: ReportRow, column: ExportColumn): string | number | null {
  switch (column) {
    case 'reference':
      return applicationReference(row.id);
    case 'created_at':
      return row.created_at.toISOString();
    case 'launched_at':
      return row.launched_at?.toISOString() ?? null;
    default:
      return row[column];
  }
}

/** The file name of an export: `report-<from>-to-<to>.csv`. */
export function exportFileName(input: ExportInput): string {
  return `report-${input.from}-to-${input.to}.csv`;
}

/**
 * The CSV stream of an export: a header line then one line per row, newest id first, in the
 * order of EXPORT_COLUMNS (the chosen ones only). `onPage(rowsSoFar)` is awaited after each keyset
 * page is read (the export job's progress). Throws ApiError 400 for a bad range before anything is
 * streamed (toReportFilters); a database error later ends the stream with an error.
 */
export function reportCsvStream(
  db: Executor,
  actor: Actor,
  input: ExportInput,
  onPage?: (rowsSoFar: number) => Promise<void>,
): Readable {
  const filters = toReportFilters(input);
  const scope = accessScope(actor);
  const columns = (Object.keys(EXPORT_COLUMNS) as ExportColumn[]).filter((c) => input.columns.includes(c));
  async function* lines() {
    let beforeId: number | null = null;
    let rowsSoFar = 0;
    for (;;) {
      const rows = await reportRowsBefore(db, scope, filters, beforeId, EXPORT_PAGE_ROWS);
      rowsSoFar += rows.length;
      await onPage?.(rowsSoFar);
      for (const row of rows) yield columns.map((column) => csvSafeCell(cell(row, column)));
      if (rows.length < EXPORT_PAGE_ROWS) return;
      beforeId = rows[rows.length - 1].id;
    }
  }
  const csv = stringify({ header: true, columns: columns.map((c) => EXPORT_COLUMNS[c]) });
  return Readable.from(lines()).pipe(csv);
}
