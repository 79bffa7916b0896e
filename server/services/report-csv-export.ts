/**
 * reporting/export-csv (issue 12 Reporting, "reports CSV export" of SPEC §2): the report's rows
 * in a range as CSV with the columns the user chose, streamed: keyset pages of EXPORT_PAGE_ROWS
 * rows, each cell formatted by the database, go through csv-stringify one page at a time, so
 * memory stays flat whatever the row count. docs/decisions/176-report-csv-export-streams-keyset-pages.md,
 * 501-report-export-throughput.md.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../db/database.ts';
import { type ExportField, reportExportRowsBefore } from '../repositories/reporting-repository.ts';
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

/** The columns that hold free text (names, addresses, codes): the cells csvSafeCell guards. */
const TEXT_COLUMNS: ReadonlySet<ExportColumn> = new Set([
  'agent',
  'client_name',
  'address',
  'product',
  'status',
]);

/** The file name of an export: `report-<from>-to-<to>.csv`. */
export function exportFileName(input: ExportInput): string {
  return `report-${input.from}-to-${input.to}.csv`;
}

/**
 * The CSV stream of an export: a header line then one line per row, newest id first, in the
 * order of EXPORT_COLUMNS (the chosen ones only); times are ISO instants in UTC, the premium in
 * dollars. `onPage(rowsSoFar)` is awaited after each keyset page is read (the export job's
 * progress). The next page is asked for before a page is written, so the database and the CSV
 * writing overlap; memory holds at most two pages. Throws ApiError 400 for a bad range before
 * anything is streamed (toReportFilters); a database error later ends the stream with an error.
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
  const fields = columns.filter((c): c is ExportField => c !== 'reference');
  type Page = Awaited<ReturnType<typeof reportExportRowsBefore>>;
  const page = (beforeId: number | null): Promise<Page> =>
    reportExportRowsBefore(db, scope, filters, fields, beforeId, EXPORT_PAGE_ROWS);
  const lineOf = (row: Page[number]) =>
    columns.map((c) => {
      if (c === 'reference') return applicationReference(row.id);
      const value = row[c] ?? null;
      return TEXT_COLUMNS.has(c) ? csvSafeCell(value) : value;
    });
  async function* chunks() {
    yield stringify([columns.map((c) => EXPORT_COLUMNS[c])]);
    let next: Promise<Page> | null = page(null);
    let rowsSoFar = 0;
    while (next) {
      const rows: Page = await next;
      rowsSoFar += rows.length;
      await onPage?.(rowsSoFar);
      next = rows.length < EXPORT_PAGE_ROWS ? null : page(rows[rows.length - 1].id);
      // A failed read-ahead surfaces when it is awaited, not as an unhandled rejection meanwhile.
      next?.catch(() => {});
      if (rows.length) yield stringify(rows.map(lineOf));
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
