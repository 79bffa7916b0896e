/**
 * The bulk upload bench's file (issue 13): `npx tsx tests/bench/make-bulk-file.ts [path] [rows]`
 * writes a CSV of `rows` (default 100,000) properties, every 10th refused for a reason in turn
 * (tests/helpers/bulk-upload-rows.ts), streamed to disk. Default path: a temp file, printed.
 */
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { stringify } from 'csv-stringify';
import { bulkHeader, bulkRow } from '../helpers/bulk-upload-rows.ts';

/** Rows of the bench's file. */
export const BENCH_BULK_ROWS = 100_000;
/** Every this many rows one is refused. */
export const BENCH_BAD_EVERY = 10;

/** Writes the header and `rows` rows to `path`; resolves with the file's size in bytes. */
export async function writeBulkFile(path: string, rows = BENCH_BULK_ROWS): Promise<number> {
  const out = createWriteStream(path);
  const csv = stringify();
  csv.pipe(out);
  csv.write(bulkHeader());
  for (let i = 0; i < rows; i += 1) {
    if (!csv.write(bulkRow(i, BENCH_BAD_EVERY))) await new Promise((resolve) => csv.once('drain', resolve));
  }
  csv.end();
  await finished(out);
  return out.bytesWritten;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const path = process.argv[2] ?? join(tmpdir(), `bulk-${Date.now()}.csv`);
  const rows = Number(process.argv[3] ?? BENCH_BULK_ROWS);
  const bytes = await writeBulkFile(path, rows);
  console.log(`${path}: ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
}
