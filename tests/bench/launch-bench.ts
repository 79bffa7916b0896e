/**
 * Launch benchmark of `npm run bench`: time from the launch-application call to the first and to
 * the last quote answered (ms, the quotes' `answered_at`), for the complete Primary demo
 * application, with the sandbox carriers and the quote worker as `npm start` runs it (default poll
 * interval), in process on each database of DATABASE_KINDS (PGlite; PostgreSQL too with
 * TEST_DATABASE_URL). Baseline from the same run: the sandbox's own simulated answer times of
 * the launched carriers (fastest for the first quote, slowest for the last), so the ratio is the
 * portal's overhead over the carriers. Medians of BENCH_LAUNCH_ROUNDS (default 10) launches, each
 * after reset-application. Issue 5 Benchmarks.
 */

import { QUOTE_POLL_INTERVAL_MS, QUOTE_WORKER_CONCURRENCY } from '../../server/jobs/quote-worker.ts';
import { sandboxLatencyMs } from '../../server/quoting/sandbox-latency-ms.ts';
import { quotesOfApplication } from '../../server/repositories/quotes-repository.ts';
import { DATABASE_KINDS, startTestApp } from '../server/helpers/test-app.ts';
import { markdownTable, ratio } from './markdown-table.ts';
import { percentile } from './percentile.ts';

const ROUNDS = Number(process.env.BENCH_LAUNCH_ROUNDS ?? 10);
/** Give up on a launch whose quotes are not all answered by then (the connector timeout is 5 s). */
const LAUNCH_DEADLINE_MS = 30_000;

/** Launches, waits until no quote is pending; returns ms to the first and the last answer. */
async function timeLaunch(
  app: Awaited<ReturnType<typeof startTestApp>>,
  sessionKey: string,
  applicationId: number,
  doc: Record<string, unknown>,
): Promise<{ firstMs: number; allMs: number; quotes: number; statuses: string }> {
  const started = Date.now();
  const launched = await app.post('agent-portal/launch-application', {
    session_key: sessionKey,
    application_id: applicationId,
    address_details: doc,
  });
  if (launched.statusCode !== 200) throw new Error(`launch: ${launched.statusCode} ${launched.body.message}`);
  for (;;) {
    const quotes = (await quotesOfApplication(app.db, applicationId)).filter((q) => q.source === 'automatic');
    if (quotes.length && quotes.every((q) => q.status !== 'pending')) {
      const answered = quotes.map((q) => (q.answered_at as Date).getTime() - started);
      const statuses = [...new Set(quotes.map((q) => q.status))].join(', ');
      return {
        firstMs: Math.min(...answered),
        allMs: Math.max(...answered),
        quotes: quotes.length,
        statuses,
      };
    }
    if (Date.now() - started > LAUNCH_DEADLINE_MS) throw new Error('quotes still pending after 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs the launches on each database kind; returns the report section. */
export async function launchBench(): Promise<string> {
  const rows: string[][] = [];
  let carriers = '';
  for (const kind of DATABASE_KINDS) {
    const app = await startTestApp(kind, { startWorker: true });
    try {
      const sessionKey = await app.loginAs('agent@demo.test');
      const applicationId = app.seed.applicationIds?.[0];
      if (!applicationId) throw new Error('The demo seed made no application');
      const view = await app.post('agent-portal/get-application-by-id', {
        session_key: sessionKey,
        application_id: applicationId,
      });
      const doc = view.body.data.application.payload.useable_details as Record<string, unknown>;
      const firsts: number[] = [];
      const alls: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        if (round > 0) {
          const reset = await app.post('agent-portal/reset-application', {
            session_key: sessionKey,
            application_id: applicationId,
          });
          if (reset.statusCode !== 200) throw new Error(`reset: ${reset.statusCode} ${reset.body.message}`);
        }
        const timing = await timeLaunch(app, sessionKey, applicationId, doc);
        firsts.push(timing.firstMs);
        alls.push(timing.allMs);
        carriers = `${timing.quotes} automatic quotes (${timing.statuses})`;
      }
      const quotes = (await quotesOfApplication(app.db, applicationId)).filter(
        (q) => q.source === 'automatic',
      );
      const latencies = quotes.map((q) => sandboxLatencyMs(q));
      const fastest = Math.min(...latencies);
      const slowest = Math.max(...latencies);
      rows.push([
        kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
        percentile(firsts, 50).toFixed(0),
        String(fastest),
        ratio(percentile(firsts, 50), fastest),
        percentile(alls, 50).toFixed(0),
        String(slowest),
        ratio(percentile(alls, 50), slowest),
        `${percentile(firsts, 100).toFixed(0)} / ${percentile(alls, 100).toFixed(0)}`,
      ]);
    } finally {
      await app.close();
    }
  }
  const notes = [
    `- the complete Primary demo application of agent@demo.test, launched through the API in process (app.inject), ${ROUNDS} launches per database (reset-application between), medians; ${carriers}`,
    `- quote worker as \`npm start\` runs it: woken by the launch's NOTIFY (polling every ${QUOTE_POLL_INTERVAL_MS} ms only as a fallback), up to ${QUOTE_WORKER_CONCURRENCY} jobs at once, each started as soon as claimed; times from the launch call to each quote's answered_at`,
    "- baseline: the sandbox carriers' own simulated answer time (server/quoting/sandbox-latency-ms.ts), fastest and slowest of the launched carriers",
  ];
  const table = markdownTable(
    [
      'database',
      'first quote (ms):',
      'fastest carrier (ms):',
      'first / carrier:',
      'all quotes (ms):',
      'slowest carrier (ms):',
      'all / carrier:',
      'max first / all (ms):',
    ],
    rows,
  );
  return `## Launch: time to first and to all quotes\n\n${notes.join('\n')}\n\n${table}\n`;
}
