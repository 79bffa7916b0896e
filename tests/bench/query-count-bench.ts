/**
 * Queries per call of `npm run bench` (issue 18): the SQL statements get-application-by-id,
 * update-application and the filtered listing send (transaction control not counted,
 * tests/server/helpers/query-counter.ts), on each database of DATABASE_KINDS, beside the counts
 * of the same calls before issue 18 (measured the same way at commit c15869f) and the target.
 * Counts do not depend on the machine; tests/server/queries-per-call.test.ts pins the target.
 */
import { COUNTED_CALLS, type CountedCall, queriesPerCall } from '../server/helpers/queries-per-call.ts';
import { DATABASE_KINDS, startTestApp } from '../server/helpers/test-app.ts';
import { markdownTable } from './markdown-table.ts';

/** Statements per call before issue 18 (c15869f, this counter, PGlite and PostgreSQL alike). */
const BEFORE: Record<CountedCall, number> = {
  'get-application-by-id': 9,
  'update-application': 10,
  listing: 8,
};
/** Issue 18's targets, and issue 42's for update-application (3 before it). */
const TARGET: Record<CountedCall, number> = {
  'get-application-by-id': 2,
  'update-application': 2,
  listing: 2,
};

/** Counts the calls on each database kind; returns the report section. */
export async function queryCountBench(): Promise<string> {
  const rows: string[][] = [];
  for (const kind of DATABASE_KINDS) {
    const app = await startTestApp(kind);
    try {
      const counts = await queriesPerCall(app);
      for (const call of COUNTED_CALLS)
        rows.push([
          call,
          kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
          String(counts[call].length),
          String(BEFORE[call]),
          `<= ${TARGET[call]}`,
        ]);
    } finally {
      await app.close();
    }
  }
  const table = markdownTable(['call', 'database', 'queries:', 'before issue 18:', 'target'], rows);
  const notes = [
    "- one call each by agent@demo.test on a new application of theirs, after one uncounted warm-up call; the listing with the API bench's filters (product and address)",
    '- SQL statements sent through Drizzle, BEGIN/COMMIT not counted (PGlite sends them outside Drizzle)',
  ];
  return `## Queries per call\n\n${notes.join('\n')}\n\n${table}\n`;
}
