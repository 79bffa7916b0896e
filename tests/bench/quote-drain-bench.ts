/**
 * Quote drain benchmark of `npm run bench` (issue 47): two server processes on one PostgreSQL
 * (TEST_DATABASE_URL; the row is skipped without it), BENCH_DRAIN_LAUNCHES (default 80) launches
 * of the complete primary example queued at once (25 quote jobs apiece), then the backlog left to
 * drain while a paced reader asks get-application-by-id every 50 ms, alternating processes.
 * Reports quote answers per second (the quotes' `answered_at`: all of them over the span from the
 * first to the last, and the median of the whole seconds in between), the readers' p99 (client
 * and server side) while the backlog drained, and how many quote ids were requested twice (the
 * 'quote requested' lines of both processes). Target: at least 150 answers/s.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/database.ts';
import { launchApplications, requestedQuoteIds, waitUntilCompleted } from '../faults/launches.ts';
import { createServerDatabase } from '../faults/server-database.ts';
import { answeredRequests } from '../faults/server-latency.ts';
import { buildServerBundle } from '../helpers/server-bundle.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { markdownTable } from './markdown-table.ts';
import { percentile } from './percentile.ts';

const LAUNCHES = Number(process.env.BENCH_DRAIN_LAUNCHES ?? 80);
/** Pause between the paced reader's calls, in ms. */
const READ_EVERY_MS = 50;
/** Answers per second the issue asks of two processes on this machine. */
export const QUOTE_ANSWERS_TARGET_PER_S = 150;

/** Reads one application every READ_EVERY_MS until stopped; returns the client-side times in ms. */
function pacedReader(servers: ServerProcess[], key: string, id: number) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let call = 0; running; call += 1) {
      const started = performance.now();
      const answer = await servers[call % servers.length].post('agent-portal/get-application-by-id', {
        session_key: key,
        application_id: id,
      });
      if (answer.statusCode !== 200) throw new Error(`get: ${answer.statusCode} ${answer.body.message}`);
      const ms = performance.now() - started;
      times.push(ms);
      await new Promise((r) => setTimeout(r, Math.max(0, READ_EVERY_MS - ms)));
    }
  })();
  return {
    times,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** Runs the drain; returns the report section. */
export async function quoteDrainBench(): Promise<string> {
  if (!process.env.TEST_DATABASE_URL)
    return '## Quote drain\n\nSkipped: needs TEST_DATABASE_URL (PostgreSQL).\n';
  const database = await createServerDatabase('postgres');
  const bundle = await buildServerBundle();
  const servers: ServerProcess[] = [];
  try {
    const env = { ...database.env, PORTAL_DIR: 'off', LOG_LEVEL: 'info', SERVER_PROCESSES: '2' };
    servers.push(await startServerProcess(env, { bundle: bundle.path }));
    servers.push(await startServerProcess(env, { bundle: bundle.path }));
    const login = await servers[0].post('auth/login', { email: 'agent@demo.test', password: 'demo1234' });
    const key: string = login.body.data.session_key;
    const reader = pacedReader(servers, key, (await launchApplications(servers, key, 1, 'Reader'))[0].id);
    const started = Date.now();
    const launched = await launchApplications(servers, key, LAUNCHES, 'Drain');
    const launchedAt = Date.now();
    const ids = launched.map((l) => l.id);
    const apps = await waitUntilCompleted(servers[0], key, ids, 600_000);
    await reader.stop();
    const done = Date.now();
    if (!apps.every((app) => app.status === 'completed'))
      throw new Error('launches still pending after 10 min');
    const db = await database.open();
    const answered = rowsOf<{ at: string }>(
      await db.db.execute(
        sql`SELECT (extract(epoch FROM answered_at) * 1000)::float8 AS at FROM quotes WHERE source = 'automatic' AND answered_at IS NOT NULL AND application_id = ANY(${`{${ids.join(',')}}`}::int[])`,
      ),
    ).map((row) => Number(row.at));
    await db.close();
    const first = Math.min(...answered);
    const last = Math.max(...answered);
    const overall = answered.length / ((last - first) / 1000);
    const perSecond = new Map<number, number>();
    for (const at of answered)
      perSecond.set(
        Math.floor((at - first) / 1000),
        (perSecond.get(Math.floor((at - first) / 1000)) ?? 0) + 1,
      );
    const wholeSeconds = [...perSecond.entries()]
      .filter(([s]) => s > 0 && s < Math.floor((last - first) / 1000))
      .map(([, n]) => n);
    const requested = servers.flatMap((server) => requestedQuoteIds(server.output()));
    const twice = requested.length - new Set(requested).size;
    const serverTimes = servers
      .flatMap((server) => answeredRequests(server.output()))
      .filter((a) => a.time >= launchedAt && a.time <= done)
      .map((a) => a.ms);
    const rows = [
      [
        'quote answers per second, first to last answer',
        overall.toFixed(0),
        `>= ${QUOTE_ANSWERS_TARGET_PER_S}`,
      ],
      [
        'quote answers per second, median whole second',
        String(percentile(wholeSeconds, 50)),
        `>= ${QUOTE_ANSWERS_TARGET_PER_S}`,
      ],
      ['quotes answered', String(answered.length), String(LAUNCHES * 25)],
      ['launch calls to drained (s)', ((done - started) / 1000).toFixed(1), ''],
      ['reader p99 while draining, client (ms)', percentile(reader.times, 99).toFixed(1), ''],
      ['every call p99 while draining, server (ms)', percentile(serverTimes, 99).toFixed(1), '<= 500'],
      ['quote ids requested twice', String(twice), '0'],
      [
        'claims left for a lease not proven',
        String(servers.reduce((n, server) => n + server.output().split('lease not proven').length - 1, 0)),
        '',
      ],
    ];
    return `## Quote drain (two processes, PostgreSQL)\n\n${markdownTable(['figure', 'value', 'target'], rows)}\n`;
  } finally {
    for (const server of servers) await server.stop();
    bundle.remove();
    await database.remove();
  }
}
