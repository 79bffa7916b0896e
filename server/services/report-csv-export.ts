/**
 * reporting/export-csv (issue 12 Reporting, "reports CSV export" of SPEC §2): the report's rows
 * in a range as CSV with the columns the user chose, streamed, every cell formatted by the
 * database: PostgreSQL writes the CSV itself (COPY), PGlite's rows go through csv-stringify one
 * keyset page at a time, so memory stays flat whatever the row count.
 * docs/decisions/176-report-csv-export-streams-keyset-pages.md, 501-report-export-throughput.md,
 * 580-time-to-quotes-per-day-and-export-by-copy.md.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '../db/database.ts';
import { reportExportCopy, reportExportRowsBefore } from '../repositories/reporting-repository.ts';
import { type Actor, accessScope } from './actor.ts';
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

/** The keys of EXPORT_COLUMNS, in its order (the export body's column names). */
export const EXPORT_COLUMN_KEYS = Object.keys(EXPORT_COLUMNS) as ExportColumn[];

/** The checked body of reporting/export-csv. */
export type ExportInput = Pick<ReportInput, 'from' | 'to' | 'time_zone' | 'filters'> & {
  columns: ExportColumn[];
};

/** The file name of an export: `report-<from>-to-<to>.csv`. */
export function exportFileName(input: ExportInput): string {
  return `report-${input.from}-to-${input.to}.csv`;
}

/**
 * The CSV stream of an export: a header line then one line per row, newest id first, in the
 * order of EXPORT_COLUMNS (the chosen ones only); times are ISO instants in UTC, the premium in
 * dollars, free text guarded as csvSafeCell does. Every cell is made by the database
 * (reporting-repository.ts EXPORT_FIELDS). On PostgreSQL the lines are PostgreSQL's own CSV
 * (COPY ... TO STDOUT), streamed as they come, so Node does no work per row; on PGlite keyset
 * pages of EXPORT_PAGE_ROWS rows go through csv-stringify, the next page asked for before a page is
 * written. Both quote exactly the cells that hold a comma, a double quote, CR or LF.
 * `onPage(rowsSoFar)` is awaited after each page or chunk (the export job's progress; on PostgreSQL
 * counted in line feeds, so a cell holding one counts early, and exact at the end). Throws
 * ApiError 400 for a bad range before anything is streamed (toReportFilters); a database error
 * later ends the stream with an error. docs/decisions/580-time-to-quotes-per-day-and-export-by-copy.md.
 */
export function reportCsvStream(
  db: Executor,
  actor: Actor,
  input: ExportInput,
  onPage?: (rowsSoFar: number) => Promise<void>,
): Readable {
  const filters = toReportFilters(input);
  const scope = accessScope(actor);
  const columns = EXPORT_COLUMN_KEYS.filter((c) => input.columns.includes(c));
  const header = stringify([columns.map((c) => EXPORT_COLUMNS[c])]);
  const copy = reportExportCopy(db, scope, filters, columns);
  async function* copied(from: NonNullable<typeof copy>) {
    yield header;
    let lines = 0;
    for await (const chunk of from.chunks) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      await onPage?.(lines);
      yield chunk;
    }
    await onPage?.(from.rowCount());
  }
  type Page = Awaited<ReturnType<typeof reportExportRowsBefore>>;
  const page = (beforeId: number | null): Promise<Page> =>
    reportExportRowsBefore(db, scope, filters, columns, beforeId, EXPORT_PAGE_ROWS);
  const lineOf = (row: Page[number]) => columns.map((c) => row[c] ?? null);
  async function* paged() {
    yield header;
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
  return Readable.from(copy ? copied(copy) : paged(), { objectMode: false });
}
