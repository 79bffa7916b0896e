/**
 * Reading a bulk upload file (issue 13 Bulk upload): a CSV (csv-parse, streamed) or an XLSX
 * workbook (exceljs streaming reader, first worksheet) as rows of trimmed text cells, the header
 * first. A file that is not what it claims, not UTF-8, ragged, holds a formula (or text a
 * spreadsheet would run as one), a NUL, an over-long row or too many rows or columns is refused
 * with a BulkFileError whose message says what and where. docs/decisions/191-bulk-file-checks.md.
 */
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';

/** Largest file accepted, in bytes (20 MiB: about 150,000 rows of a dozen columns). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Longest row, in characters: a longer one is a malformed file, not a property. */
export const MAX_ROW_CHARACTERS = 64 * 1024;
/** Most columns and data rows a file may have. */
export const MAX_COLUMNS = 200;
export const MAX_ROWS = 200_000;

export type BulkFileKind = 'csv' | 'xlsx';

/** A file refused as a whole; `message` is shown to the agent as is. */
export class BulkFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BulkFileError';
  }
}

/** The leading bytes of a ZIP archive, which an XLSX workbook is. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * `csv` or `xlsx` from the file name's extension, checked against the content (an XLSX is a ZIP
 * archive, a CSV is not). Throws BulkFileError for another extension or a mismatch.
 */
export function fileKindOf(fileName: string, bytes: Buffer): BulkFileKind {
  const extension = fileName.toLowerCase().split('.').pop();
  const isZip = ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte);
  if (extension === 'csv' && !isZip) return 'csv';
  if (extension === 'xlsx' && isZip) return 'xlsx';
  if (extension === 'csv' || extension === 'xlsx') {
    throw new BulkFileError(
      `The file is named .${extension} but its content is not a ${extension.toUpperCase()} file.`,
    );
  }
  throw new BulkFileError('Upload a .csv or .xlsx file.');
}

/** Plain numbers and phone numbers may start with + or -; any other text starting so is a formula. */
const SIGNED_NUMBER_OR_PHONE = /^[+-][\d\s().,-]*$/;

/**
 * Throws BulkFileError when a cell would run as a spreadsheet formula once the error file (or the
 * agent's own export) is opened: it starts with = or @, a tab or carriage return, or + or - not
 * followed by a number. OWASP "CSV injection".
 */
export function checkCell(cell: string, line: number, column: number): void {
  const where = `row ${line}, column ${column}`;
  if (cell.includes('\u0000')) throw new BulkFileError(`The file has a NUL character at ${where}.`);
  const first = cell[0];
  if (
    first === '=' ||
    first === '@' ||
    first === '\t' ||
    first === '\r' ||
    ((first === '+' || first === '-') && !SIGNED_NUMBER_OR_PHONE.test(cell))
  ) {
    throw new BulkFileError(
      `The file has a formula at ${where} ("${cell.slice(0, 20)}"): formulas are not accepted; enter values only.`,
    );
  }
}

function checkRow(cells: string[], line: number, width: number | null): string[] {
  if (cells.length > MAX_COLUMNS) throw new BulkFileError(`The file has more than ${MAX_COLUMNS} columns.`);
  if (width !== null && cells.length !== width) {
    throw new BulkFileError(
      `Row ${line} has ${cells.length} cells where the header has ${width}: every row needs the same columns.`,
    );
  }
  let length = 0;
  cells.forEach((cell, i) => {
    length += cell.length;
    checkCell(cell, line, i + 1);
  });
  if (length > MAX_ROW_CHARACTERS) {
    throw new BulkFileError(`Row ${line} is longer than ${MAX_ROW_CHARACTERS} characters.`);
  }
  return cells;
}

/** The agent's words for csv-parse's error codes. */
function csvProblem(error: { code?: string; lines?: number; message: string }): BulkFileError {
  const line = error.lines ? ` at line ${error.lines}` : '';
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_DONT_MATCH_COLUMNS_LENGTH':
      return new BulkFileError(`The file has a row with a different number of cells than the header${line}.`);
    case 'CSV_MAX_RECORD_SIZE':
      return new BulkFileError(`The file has a row longer than ${MAX_ROW_CHARACTERS} characters${line}.`);
    case 'CSV_QUOTE_NOT_CLOSED':
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new BulkFileError(`The file has a badly quoted cell${line}.`);
    default:
      return new BulkFileError(`The file is not a readable CSV file${line}.`);
  }
}

async function* csvRows(bytes: Buffer): AsyncGenerator<string[]> {
  if (!isUtf8(bytes))
    throw new BulkFileError('The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again.');
  const parser = Readable.from(chunksOf(bytes)).pipe(
    parse({ bom: true, trim: true, skip_empty_lines: true, max_record_size: MAX_ROW_CHARACTERS }),
  );
  let width: number | null = null;
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      yield checkRow(record, line, width);
      width ??= record.length;
    }
  } catch (error) {
    if (error instanceof BulkFileError) throw error;
    throw csvProblem(error as { code?: string; lines?: number; message: string });
  }
}

/** The file in 64 KiB slices, so csv-parse reads it as a stream. */
function* chunksOf(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += 65_536) yield bytes.subarray(start, start + 65_536);
}

/** A cell value of exceljs as text; throws BulkFileError for a formula or an error value. */
function xlsxCellText(value: ExcelJS.CellValue, line: number, column: number): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('formula' in value || 'sharedFormula' in value) {
    throw new BulkFileError(
      `The file has a formula at row ${line}, column ${column}: formulas are not accepted; enter values only.`,
    );
  }
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('text' in value) return String(value.text).trim();
  if ('error' in value)
    throw new BulkFileError(`The file has an error value at row ${line}, column ${column}.`);
  return '';
}

async function* xlsxRows(bytes: Buffer): AsyncGenerator<string[]> {
  // Loaded with the first workbook, not at start-up: exceljs is 7 % of a server start's CPU.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from(chunksOf(bytes)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date cell from a number (its number format).
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  let width: number | null = null;
  let line = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        line += 1;
        const cells = values.map((value, i) => xlsxCellText(value, line, i + 1));
        // Spreadsheets drop trailing empty cells: pad to the header, trim trailing blanks past it.
        if (width !== null) {
          while (cells.length < width) cells.push('');
          while (cells.length > width && cells[cells.length - 1] === '') cells.pop();
        }
        if (cells.every((cell) => cell === '')) {
          line -= 1;
          continue;
        }
        yield checkRow(cells, line, width);
        width ??= cells.length;
      }
      // The first worksheet only.
      return;
    }
  } catch (error) {
    if (error instanceof BulkFileError) throw error;
    throw new BulkFileError('The file is not a readable XLSX workbook.');
  }
}

/**
 * Every non-empty row of the file, the header first, as trimmed text cells (all rows as wide as
 * the header). Throws BulkFileError (while iterating) for a malformed file, over MAX_ROWS data rows
 * or a header without a name.
 */
export async function* fileRows(bytes: Buffer, kind: BulkFileKind): AsyncGenerator<string[]> {
  let line = 0;
  for await (const cells of kind === 'csv' ? csvRows(bytes) : xlsxRows(bytes)) {
    if (line === 0 && cells.some((cell) => cell === '')) {
      throw new BulkFileError('Every column of the first row needs a name: the first row is the header.');
    }
    if (line > MAX_ROWS) throw new BulkFileError(`The file has more than ${MAX_ROWS} rows.`);
    line += 1;
    yield cells;
  }
  if (line === 0) throw new BulkFileError('The file is empty.');
}
