/**
 * Reading bulk files (issue 13, docs/decisions/191-bulk-file-checks.md): CSV and XLSX rows as
 * text, the same rows from both; formulas refused in both; properties: every cell starting with a
 * formula sign is refused, every plain number or phone passes.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BulkFileError, checkCell, fileKindOf, fileRows } from '../../../server/services/bulk-upload-file.ts';

async function rowsOf(bytes: Buffer, kind: 'csv' | 'xlsx'): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of fileRows(bytes, kind)) rows.push(row);
  return rows;
}

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Properties');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('bulk file reading', () => {
  it('reads the same rows from a CSV and an XLSX (numbers, dates and empty cells as text)', async () => {
    const csv = Buffer.from(
      '\ufeffaddress1,zip,sqft,effective_date,address2\n1 Palm Ave,33139,2200,2026-12-15,\n',
    );
    const xlsx = await workbook([
      ['address1', 'zip', 'sqft', 'effective_date', 'address2'],
      ['1 Palm Ave', '33139', 2200, new Date(Date.UTC(2026, 11, 15))],
    ]);
    const expected = [
      ['address1', 'zip', 'sqft', 'effective_date', 'address2'],
      ['1 Palm Ave', '33139', '2200', '2026-12-15', ''],
    ];
    expect(await rowsOf(csv, 'csv')).toEqual(expected);
    expect(fileKindOf('list.xlsx', xlsx)).toBe('xlsx');
    expect(await rowsOf(xlsx, 'xlsx')).toEqual(expected);
  });

  it('refuses a formula cell in a workbook', async () => {
    const xlsx = await workbook([['sqft'], [{ formula: 'A1*2', result: 4 }]]);
    await expect(rowsOf(xlsx, 'xlsx')).rejects.toThrow(/formula at row 2, column 1/);
  });

  it('refuses a file whose content contradicts its name, or another extension', async () => {
    expect(() => fileKindOf('list.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toThrow(BulkFileError);
    expect(() => fileKindOf('list.txt', Buffer.from('a,b'))).toThrow('Upload a .csv or .xlsx file.');
  });

  it('refuses every cell a spreadsheet would run (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('=', '@', '\t', '\r', '+', '-'),
        fc.stringMatching(/^[A-Za-z][\w (|!'"]*$/),
        (sign, rest) => {
          expect(() => checkCell(`${sign}${rest}`, 2, 1)).toThrow(BulkFileError);
        },
      ),
    );
  });

  it('lets plain numbers, negative coordinates and phone numbers through (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .double({ noNaN: true, noDefaultInfinity: true })
            .map(String)
            .filter((s) => !s.includes('e')),
          fc.integer({ min: 100, max: 999 }).map((n) => `+1 (${n}) 555-0142`),
          fc.stringMatching(/^[A-Za-z0-9][\w ,.]*$/),
        ),
        (cell) => {
          expect(() => checkCell(cell, 2, 1)).not.toThrow();
        },
      ),
    );
  });
});
