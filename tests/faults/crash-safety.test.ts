/**
 * Crash safety (issue 5): kill -9 the real server process under write load, restart it on the
 * same database, and every write it acknowledged is there with its content; kill it while its
 * worker asks carriers, and every queued quote settles after restart. PGlite (data directory on
 * disk) always; PostgreSQL too with TEST_DATABASE_URL. docs/decisions/102-crash-safety-suite.md,
 * 103-quote-job-leases.md.
 */
import { inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteJobs, quotes } from '../../server/db/schema.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { DATABASE_KINDS } from '../server/helpers/database-kinds.ts';
import {
  firstQuoteRequested,
  launchApplications,
  requestedQuoteIds,
  waitUntilCompleted,
} from './launches.ts';
import { createServerDatabase, type ServerDatabase } from './server-database.ts';
import { createWriteLedger, runWriteLoad, verifyLedger } from './write-load.ts';

const ROUNDS = 20;
const CLIENTS = 4;
/**
 * The kill comes at a uniformly random moment this long after the round's first acknowledged
 * write, in ms (waiting for one: a loaded machine may answer nothing in the first second).
 */
const KILL_AFTER_MS = { min: 0, max: 1200 };
/** Longest wait for a round's first acknowledged write, in ms. */
const FIRST_WRITE_TIMEOUT_MS = 60_000;
/** The agent's two seeded applications are in the listing before any write. */
const SEEDED_APPLICATIONS = 2;
/** Kill rounds of the launch test, and applications launched in each (25 quote jobs apiece). */
const LAUNCH_ROUNDS = 2;
const LAUNCHES = 1;
/** A dead process's jobs wait one lease (QUOTE_LEASE_MS, 10 s) before they are re-claimed. */
const SETTLE_TIMEOUT_MS = 60_000;

async function login(server: ServerProcess): Promise<string> {
  const answer = await server.post('auth/login', { email: 'agent@demo.test', password: 'demo1234' });
  expect(answer.statusCode, answer.body.message).toBe(200);
  return answer.body.data.session_key;
}

/**
 * The databases' suites run at once, each on its own database and server processes: a round is
 * mostly one single-threaded server start, so the second core starts the other database's server
 * meanwhile. Within a database the tests run in turn (PGlite allows one process per data dir).
 * Every round, kill and check is as before; only the wall time halves (ADR 560).
 */
describe.concurrent.each(DATABASE_KINDS)('crash safety on %s', (kind) => {
  let database: ServerDatabase;
  let server: ServerProcess | null = null;
  const start = async (env: NodeJS.ProcessEnv = {}) => {
    server = await startServerProcess({ ...database.env, PORTAL_DIR: 'off', LOG_LEVEL: 'warn', ...env });
    return server;
  };

  beforeAll(async () => {
    database = await createServerDatabase(kind);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.remove();
  });

  it.sequential(`keeps every acknowledged write through ${ROUNDS} kill -9 rounds`, async () => {
    const ledger = createWriteLedger();
    let current = await start();
    // Sessions live in the database: one login serves every round.
    const key = await login(current);
    const startMs: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const acknowledged = () => ledger.acknowledged.creates + ledger.acknowledged.updates;
      const before = acknowledged();
      const load = runWriteLoad(current, key, ledger, { round, clients: CLIENTS });
      const deadline = Date.now() + FIRST_WRITE_TIMEOUT_MS;
      while (acknowledged() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(acknowledged(), `round ${round}: no write acknowledged`).toBeGreaterThan(before);
      const killAfter = KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
      await new Promise((r) => setTimeout(r, killAfter));
      await current.kill();
      await load;
      expect(ledger.refused).toEqual([]);

      const restartedAt = Date.now();
      current = await start();
      startMs.push(Date.now() - restartedAt);
      const problems = await verifyLedger(current, key, ledger, ledger.touched);
      expect(problems, `round ${round}, killed after ${Math.round(killAfter)} ms`).toEqual([]);
      ledger.touched.clear();
    }
    // Every application ever acknowledged, once more after the last restart.
    expect(await verifyLedger(current, key, ledger, ledger.entries.keys())).toEqual([]);
    const list = await current.post('agent-portal/get-agent-applications-list', { session_key: key });
    const total = list.body.data.applications.total;
    expect(total).toBeGreaterThanOrEqual(SEEDED_APPLICATIONS + ledger.acknowledged.creates);
    expect(total).toBeLessThanOrEqual(
      SEEDED_APPLICATIONS + ledger.acknowledged.creates + ledger.unansweredCreates,
    );
    // Every round acknowledged a write (checked above); updates were among them, not only creates.
    expect(ledger.acknowledged.updates).toBeGreaterThan(0);
    // PGlite allows one process per data directory: the next test starts its own.
    await current.stop();
    const sorted = [...startMs].sort((a, b) => a - b);
    console.log(
      `${kind}: ${ROUNDS} kill -9 rounds, ${ledger.acknowledged.creates} creates and ` +
        `${ledger.acknowledged.updates} updates acknowledged, ${ledger.unansweredCreates} creates unanswered; ` +
        `restart median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
    );
  });

  it.sequential("finishes after a kill -9 the launches queued before it, re-claiming the dead worker's jobs", async () => {
    const launchedIds: number[] = [];
    const quoteIds: number[] = [];
    for (let round = 1; round <= LAUNCH_ROUNDS; round += 1) {
      // Two jobs at a time: with every job started at once (64), the kill could land after all answers.
      const first = await start({ LOG_LEVEL: 'info', QUOTE_WORKER_CONCURRENCY: '2' });
      const key = await login(first);
      const launched = await launchApplications([first], key, LAUNCHES, `Launch${round}`);
      // Killed while the worker holds a job: a carrier call takes 50-400 ms (sandbox latency).
      await firstQuoteRequested(first, SETTLE_TIMEOUT_MS);
      await first.kill();
      const ids = launched.map((l) => l.id);
      const queued = launched.flatMap((l) => l.quoteIds);
      // The kill must land before the worker asked every carrier, or it proves nothing.
      const requestedBefore = new Set(requestedQuoteIds(first.output()));
      expect(requestedBefore.size).toBeLessThan(queued.length);

      const second = await start({ LOG_LEVEL: 'info' });
      const applications = await waitUntilCompleted(second, key, ids, SETTLE_TIMEOUT_MS);
      expect(applications.map((app) => app.status)).toEqual(ids.map(() => 'completed'));
      for (const app of applications)
        for (const quote of app.quotes) expect(quote.status, `quote ${quote.id}`).not.toBe('pending');
      const requested = new Set([...requestedBefore, ...requestedQuoteIds(second.output())]);
      expect(queued.filter((id) => !requested.has(id))).toEqual([]);
      await second.stop();
      launchedIds.push(...ids);
      quoteIds.push(...queued);
    }
    const opened = await database.open();
    try {
      const unfinished = await opened.db.select().from(quoteJobs).where(ne(quoteJobs.status, 'done'));
      expect(unfinished).toEqual([]);
      const jobs = await opened.db.select().from(quoteJobs).where(inArray(quoteJobs.quote_id, quoteIds));
      expect(jobs).toHaveLength(quoteIds.length);
      // Jobs the killed process held were claimed a second time by the restarted one.
      const reclaimed = jobs.filter((job) => job.attempts > 1).length;
      expect(reclaimed).toBeGreaterThan(0);
      const stored = await opened.db.select().from(quotes).where(inArray(quotes.application_id, launchedIds));
      expect(stored.filter((quote) => quote.status === 'pending')).toEqual([]);
      console.log(
        `${kind}: ${LAUNCH_ROUNDS} kill -9 rounds during ${LAUNCHES} launches each, ` +
          `${quoteIds.length} quote jobs, ${reclaimed} re-claimed from the killed process`,
      );
    } finally {
      await opened.close();
    }
  });
});
