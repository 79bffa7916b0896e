/**
 * The CSV export of every application of the bench database, timed in a process of its own so its
 * RSS is the export's (tests/bench/reporting-bench.ts spawns it): the stream the export job writes,
 * into a sink that counts lines and bytes. `--pages` reads through a transaction, which has no pool
 * to COPY from, so the stream takes the keyset pages PGlite takes (the path before ADR 580), as the
 * same-run baseline. The database URL is the first argument (the parent's BENCH_DATABASE_URL, not
 * imported from seed-million.ts, whose schema set would weigh on the RSS). Prints one JSON line:
 * rows, seconds, bytes, CPU seconds of this process, RSS before the export and at its peak
 * (bytes, sampled every 50 ms).
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../../server/db/open-database.ts';
import {
  EXPORT_COLUMNS,
  type ExportColumn,
  reportCsvStream,
} from '../../server/services/report-csv-export.ts';
import { SUPER_ADMIN } from '../helpers/super-admin-actor.ts';
import { utcDay } from '../helpers/utc-day.ts';

const database = await openDatabase({ databaseUrl: process.argv[2] });
const exportAll = async (db: typeof database.db) => {
  let bytes = 0;
  let lines = 0;
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    await pipeline(
      reportCsvStream(db, SUPER_ADMIN, {
        from: utcDay(-800),
        to: utcDay(0),
        columns: Object.keys(EXPORT_COLUMNS) as ExportColumn[],
      }),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
          done();
        },
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const cpu = process.cpuUsage(cpuBefore);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  return {
    rows: lines - 1,
    seconds: (performance.now() - started) / 1000,
    bytes,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rssBefore,
    peakRss,
  };
};
try {
  const result = process.argv.includes('--pages')
    ? await database.db.transaction((tx) => exportAll(tx))
    : await exportAll(database.db);
  console.log(JSON.stringify(result));
} finally {
  await database.close();
}
