/**
 * The durable quote queue (issue 2 §4 Quote worker): timeouts with an aborted signal, connector
 * errors, re-claim of jobs a crashed worker left running, lease renewal, a lost lease ending the carrier call,
 * the attempt cap, jobs whose quote was reset away, polling start/stop, two workers sharing one queue, and
 * app close aborting a call still in hand at its deadline (ADR 771).
 * Only the carrier side is faked, through the worker's connectorFor option: a connector that
 * never answers and one that throws.
 */
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteJobs, quotes } from '../../server/db/schema.ts';
import {
  CONNECTOR_FAILED_MESSAGE,
  createQuoteWorker,
  QUOTE_MAX_ATTEMPTS,
  QUOTE_WORKER_CONCURRENCY,
} from '../../server/jobs/quote-worker.ts';
import { connectorFor as realConnectorFor } from '../../server/quoting/connector-for.ts';
import type { Connector } from '../../server/quoting/types.ts';
import { updateApplication } from '../../server/repositories/applications-repository.ts';
import { claimQuoteJobs, insertQuotesWithJobs } from '../../server/repositories/quotes-repository.ts';
import { readSettings } from '../../server/settings/settings.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const seenSignals: AbortSignal[] = [];

const fakes: Record<string, Connector> = {
  // A carrier that never answers and ignores the abort.
  hang: {
    id: 'hang',
    quote: (_request, signal) => {
      seenSignals.push(signal);
      return new Promise(() => {});
    },
  },
  boom: {
    id: 'boom',
    quote: async () => {
      throw new Error('carrier exploded');
    },
  },
  // Failures PostgreSQL could not store as they are: no message, and a huge one with NUL bytes.
  mute: {
    id: 'mute',
    quote: () => Promise.reject(new Error('')),
  },
  noisy: {
    id: 'noisy',
    quote: () => Promise.reject(new Error(`\u0000${'x'.repeat(5000)}`)),
  },
  fixed: {
    id: 'fixed',
    quote: async (request) => ({
      status: 'quoted',
      premium: request.target.carrier === 'cheap' ? 812.5 : 1500,
      coverages: { building_limit: 250000 },
      benefits: [],
      message: null,
      indicative: true,
    }),
  },
};
/** Quote ids the `counted` carrier was asked for, in order, and how long it takes to answer (ms). */
const askedQuotes: string[] = [];
let countedDelayMs = 0;
fakes.counted = {
  id: 'counted',
  quote: async (request) => {
    askedQuotes.push(request.target.carrier);
    await new Promise((r) => setTimeout(r, countedDelayMs));
    return { status: 'quoted', premium: 900, coverages: {}, benefits: [], message: null, indicative: true };
  },
};
/** The workers' connector lookup: the fakes above, else the real connectors. */
const connectorFor = (id: string) => fakes[id] ?? realConnectorFor(id);

const ADDRESS = {
  searched_address: '1 Worker Way, Miami Beach, FL 33139',
  address1: '1 Worker Way',
  city: 'Miami Beach',
  state: 'FL',
  zip: '33139',
};

describe('QUOTE_WORKER_CONCURRENCY', () => {
  it('defaults when unset or empty, takes 1 to 1000, and refuses anything else', () => {
    const quoteWorkerConcurrencyOf = (value: string | undefined) =>
      readSettings({ QUOTE_WORKER_CONCURRENCY: value }).QUOTE_WORKER_CONCURRENCY;
    expect(quoteWorkerConcurrencyOf(undefined)).toBe(QUOTE_WORKER_CONCURRENCY);
    expect(quoteWorkerConcurrencyOf(' ')).toBe(QUOTE_WORKER_CONCURRENCY);
    expect(quoteWorkerConcurrencyOf('1')).toBe(1);
    expect(quoteWorkerConcurrencyOf('1000')).toBe(1000);
    for (const bad of ['0', '1001', '2.5', '-3', 'many'])
      expect(() => quoteWorkerConcurrencyOf(bad)).toThrow(/QUOTE_WORKER_CONCURRENCY/);
  });
});

describe.each(DATABASE_KINDS)('quote worker on %s', (kind) => {
  let t: TestApp;
  let key: string;

  /** A launched application whose quotes go to the given connectors (carrier name = connector). */
  async function launchedWith(targets: { connector: string; carrier?: string }[]) {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: key,
      address: ADDRESS,
    });
    const id: number = created.body.data.application.id;
    await updateApplication(t.db, id, { status: 'launched', launched_at: new Date() });
    const quoteIds: number[] = [];
    for (const target of targets) {
      const [quote] = await insertQuotesWithJobs(t.db, [
        {
          application_id: id,
          carrier: target.carrier ?? target.connector,
          sub_carrier: null,
          display_name: target.carrier ?? target.connector,
          connector: target.connector,
          benefits: ['stated benefit'],
        },
      ]);
      quoteIds.push(quote.id);
    }
    return { id, quoteIds };
  }

  async function application(id: number) {
    return (await t.post('agent-portal/get-application-by-id', { session_key: key, application_id: id })).body
      .data.application;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: { timeoutMs: 150, connectorFor } });
    key = await t.loginAs('agent@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('completes with the cheapest premium once every quote is answered', async () => {
    const { id } = await launchedWith([
      { connector: 'fixed', carrier: 'dear' },
      { connector: 'fixed', carrier: 'cheap' },
    ]);
    expect(await t.app.quoteWorker.drain()).toBeGreaterThanOrEqual(2);
    const app = await application(id);
    expect(app.status).toBe('completed');
    expect(app.min_quote_amount).toBe(812.5);
    expect(app.quotes.map((q: { premium: number }) => q.premium)).toEqual([1500, 812.5]);
    expect(app.quotes[0].benefits).toEqual(['stated benefit']);
  });

  it('marks a silent carrier timeout, aborting its signal, and still completes', async () => {
    seenSignals.length = 0;
    const { id } = await launchedWith([{ connector: 'hang' }, { connector: 'fixed' }]);
    await t.app.quoteWorker.drain();
    const app = await application(id);
    expect(app.quotes.map((q: { status: string }) => q.status)).toEqual(['timeout', 'quoted']);
    expect(app.quotes[0].premium).toBeNull();
    expect(app.status).toBe('completed');
    expect(app.min_quote_amount).toBe(1500);
    expect(seenSignals.at(-1)?.aborted).toBe(true);
    expect(app.quotes[0].message).toBe('No answer within 0.15 s.');
    expect(app.notes.map((n: { payload: object; color: string }) => [n.payload, n.color])).toEqual([
      [
        {
          is_alert: true,
          is_active: true,
          sent_by: 'auto_quote_timeout',
          status: 'timeout',
          message: 'No quote in time from hang.',
        },
        'yellow',
      ],
    ]);
  });

  it('records a throwing connector as error with its message; no quote leaves min_quote_amount null', async () => {
    const { id } = await launchedWith([{ connector: 'boom' }]);
    await t.app.quoteWorker.drain();
    const app = await application(id);
    expect(app.quotes[0]).toMatchObject({ status: 'error', message: 'carrier exploded', premium: null });
    expect(app.status).toBe('completed');
    expect(app.min_quote_amount).toBeNull();
    expect(app.notes).toHaveLength(1);
    expect(app.notes[0]).toMatchObject({
      payload: { sent_by: 'auto_launch', status: 'failed', message: 'Automatic launch failed for boom.' },
      color: 'red',
    });
  });

  it('records a failure without a message, or with a huge one holding NUL, with a storable message', async () => {
    const { id } = await launchedWith([{ connector: 'mute' }, { connector: 'noisy' }]);
    await t.app.quoteWorker.drain();
    const app = await application(id);
    expect(app.quotes.map((q: { status: string }) => q.status)).toEqual(['error', 'error']);
    expect(app.quotes[0].message).toBe(CONNECTOR_FAILED_MESSAGE);
    expect(app.quotes[1].message).toBe(`${'x'.repeat(499)}…`);
    expect(app.status).toBe('completed');
    expect(app.notes[0].payload.message).toBe('Automatic launch failed for mute, noisy.');
  });

  it('re-claims a job a crashed worker left running once its lock expired, not before', async () => {
    const { id, quoteIds } = await launchedWith([{ connector: 'fixed' }]);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await t.db
      .update(quoteJobs)
      .set({ status: 'running', attempts: 1, locked_until: future, locked_by: 'dead-worker' })
      .where(eq(quoteJobs.quote_id, quoteIds[0]));
    expect(await t.app.quoteWorker.drain()).toBe(0);
    expect((await application(id)).status).toBe('launched');
    await t.db.update(quoteJobs).set({ locked_until: past }).where(eq(quoteJobs.quote_id, quoteIds[0]));
    expect(await t.app.quoteWorker.drain()).toBe(1);
    const app = await application(id);
    expect(app.status).toBe('completed');
    const [job] = await t.db.select().from(quoteJobs).where(eq(quoteJobs.quote_id, quoteIds[0]));
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('renews the lease of a job in hand, so a slow carrier is not asked twice', async () => {
    const { id, quoteIds } = await launchedWith([{ connector: 'hang' }]);
    // Long enough that the claim leaves half of it, as the worker needs to ask the carrier.
    const leaseMs = 400;
    const holder = createQuoteWorker(t.db, { timeoutMs: 1500, leaseMs, connectorFor });
    const held = holder.drain();
    const jobOf = async () =>
      (await t.db.select().from(quoteJobs).where(eq(quoteJobs.quote_id, quoteIds[0])))[0];
    while ((await jobOf()).status !== 'running') await new Promise((r) => setTimeout(r, 10));
    // Three leases later, without renewal the job would be free to claim again.
    await new Promise((r) => setTimeout(r, 3 * leaseMs));
    expect(await createQuoteWorker(t.db, { timeoutMs: 1500, leaseMs, connectorFor }).drain()).toBe(0);
    expect(await held).toBe(1);
    expect(await jobOf()).toMatchObject({ status: 'done', attempts: 1 });
    expect((await application(id)).quotes[0].status).toBe('timeout');
  });

  it('ends the carrier call of a job whose lease another worker took, and writes nothing', async () => {
    const { quoteIds } = await launchedWith([{ connector: 'hang' }]);
    const leaseMs = 400;
    const holder = createQuoteWorker(t.db, { timeoutMs: 60_000, leaseMs, connectorFor });
    const signalsBefore = seenSignals.length;
    const held = holder.drain();
    while (seenSignals.length === signalsBefore) await new Promise((r) => setTimeout(r, 10));
    // As a re-claim after a lapsed lease would: the job is now another worker's.
    await t.db
      .update(quoteJobs)
      .set({ locked_by: 'other-worker' })
      .where(eq(quoteJobs.quote_id, quoteIds[0]));
    const started = Date.now();
    expect(await held).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seenSignals.at(-1)?.aborted).toBe(true);
    const [job] = await t.db.select().from(quoteJobs).where(eq(quoteJobs.quote_id, quoteIds[0]));
    expect(job).toMatchObject({ status: 'running', locked_by: 'other-worker' });
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.id, quoteIds[0]));
    expect(quote.status).toBe('pending');
    await t.db.delete(quoteJobs).where(eq(quoteJobs.quote_id, quoteIds[0]));
  });

  it('asks no carrier for a job whose lease it cannot prove; the next claim asks it once', async () => {
    askedQuotes.length = 0;
    countedDelayMs = 0;
    const { id, quoteIds } = await launchedWith([{ connector: 'counted', carrier: 'unproven' }]);
    // The claim's statement waits 700 ms before it is sent (a starved pool): of a 1 s lease, less
    // than QUOTE_LEASE_LEFT_TO_ASK is proven when the claim answers.
    let delayed = false;
    const slowFirstStatement = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute' || delayed) return Reflect.get(target, property, receiver);
        delayed = true;
        return async (...args: Parameters<typeof target.execute>) => {
          await new Promise((r) => setTimeout(r, 700));
          return target.execute(...args);
        };
      },
    });
    await createQuoteWorker(slowFirstStatement, { leaseMs: 1_000, connectorFor }).drain();
    const jobOf = async () =>
      (await t.db.select().from(quoteJobs).where(eq(quoteJobs.quote_id, quoteIds[0])))[0];
    expect(askedQuotes).toEqual([]);
    expect(await jobOf()).toMatchObject({ status: 'running', attempts: 1 });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await createQuoteWorker(t.db, { connectorFor }).drain()).toBe(1);
    expect(askedQuotes).toEqual(['unproven']);
    expect(await jobOf()).toMatchObject({ status: 'done', attempts: 2 });
    expect((await application(id)).status).toBe('completed');
  });

  it.runIf(kind === 'postgres')(
    'renews leases on their own pool while the worker pool is taken, so no other claim asks again',
    async () => {
      askedQuotes.length = 0;
      // The carrier answers after the pool was taken for four leases and given back.
      countedDelayMs = 6_000;
      const { quoteIds } = await launchedWith([{ connector: 'counted', carrier: 'starved' }]);
      // A claim asks the carrier only with half its lease proven (QUOTE_LEASE_LEFT_TO_ASK): 1 s
      // leaves a loaded machine 500 ms for the claim's round trip, where 300 ms left 150 and the
      // holder sometimes asked nothing, waiting here until the test's timeout.
      const leaseMs = 1_000;
      const workerPool = (t.database.workerDb as unknown as { $client: pg.Pool }).$client;
      const holder = createQuoteWorker(t.database.workerDb, {
        leaseDb: t.database.leaseDb,
        leaseMs,
        timeoutMs: 10_000,
        connectorFor,
      });
      const held = holder.drain();
      // Every worker connection taken for longer than four leases, as a backlog's queries would.
      const taken: pg.PoolClient[] = [];
      try {
        const deadline = Date.now() + 20_000;
        while (askedQuotes.length === 0) {
          expect(Date.now(), 'the holder asked no carrier within 20 s').toBeLessThan(deadline);
          await new Promise((r) => setTimeout(r, 5));
        }
        taken.push(
          ...(await Promise.all(Array.from({ length: workerPool.options.max }, () => workerPool.connect()))),
        );
        const other = createQuoteWorker(t.db, { leaseMs, connectorFor });
        const takenUntil = Date.now() + 4 * leaseMs;
        while (Date.now() < takenUntil) {
          expect(await other.drain()).toBe(0);
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        // Given back even when the test fails, or the file's later tests and close() wait for them.
        for (const connection of taken) connection.release();
        countedDelayMs = 0;
      }
      expect(await held).toBe(1);
      expect(askedQuotes).toEqual(['starved']);
      const [job] = await t.db.select().from(quoteJobs).where(eq(quoteJobs.quote_id, quoteIds[0]));
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
    },
  );

  it(`gives a job up as error after ${QUOTE_MAX_ATTEMPTS} crashed attempts`, async () => {
    const { id, quoteIds } = await launchedWith([{ connector: 'fixed' }]);
    await t.db
      .update(quoteJobs)
      .set({ status: 'running', attempts: QUOTE_MAX_ATTEMPTS, locked_until: new Date(Date.now() - 1000) })
      .where(eq(quoteJobs.quote_id, quoteIds[0]));
    await t.app.quoteWorker.drain();
    const app = await application(id);
    expect(app.quotes[0].status).toBe('error');
    expect(app.quotes[0].message).toBe(`Quote request failed after ${QUOTE_MAX_ATTEMPTS} attempts.`);
    expect(app.status).toBe('completed');
  });

  it('does not queue anything for a job whose run_after is in the future', async () => {
    const { id, quoteIds } = await launchedWith([{ connector: 'fixed' }]);
    await t.db
      .update(quoteJobs)
      .set({ run_after: new Date(Date.now() + 3_600_000) })
      .where(eq(quoteJobs.quote_id, quoteIds[0]));
    expect(await t.app.quoteWorker.drain()).toBe(0);
    expect((await application(id)).quotes[0].status).toBe('pending');
    await t.db.delete(quoteJobs).where(eq(quoteJobs.quote_id, quoteIds[0]));
  });

  it('polls in the background after start and stops cleanly', async () => {
    const worker = createQuoteWorker(t.db, { pollIntervalMs: 20, timeoutMs: 150, connectorFor });
    worker.start();
    const { id } = await launchedWith([{ connector: 'fixed' }, { connector: 'fixed', carrier: 'cheap' }]);
    const deadline = Date.now() + 10_000;
    while ((await application(id)).status !== 'completed' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    await worker.stop();
    const app = await application(id);
    expect(app.status).toBe('completed');
    expect(app.min_quote_amount).toBe(812.5);
  });

  it('two workers on one queue answer each quote exactly once', async () => {
    const targets = Array.from({ length: 12 }, (_, i) => ({
      connector: 'fixed',
      carrier: i === 7 ? 'cheap' : `c${i}`,
    }));
    const { id, quoteIds } = await launchedWith(targets);
    const a = createQuoteWorker(t.db, { concurrency: 3, timeoutMs: 150, connectorFor });
    const b = createQuoteWorker(t.db, { concurrency: 3, timeoutMs: 150, connectorFor });
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(12);
    const jobs = await t.db.select().from(quoteJobs).where(eq(quoteJobs.application_id, id));
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
    const rows = await t.db.select().from(quotes).where(eq(quotes.application_id, id));
    expect(rows.filter((q) => q.status === 'quoted')).toHaveLength(quoteIds.length);
    const app = await application(id);
    expect(app.status).toBe('completed');
    expect(app.min_quote_amount).toBe(812.5);
  });

  it('never hands one job to two of many claims made at the same moment', async () => {
    const { id } = await launchedWith(
      Array.from({ length: 20 }, (_, i) => ({ connector: 'fixed', carrier: `s${i}` })),
    );
    // Ten claims at once use all ten pool connections on PostgreSQL; the losers must skip, not share.
    const claimed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claimQuoteJobs(t.db, `claimer-${i}`, 2, 60_000)),
    );
    const ids = claimed.flat().map((job) => job.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    const jobs = await t.db.select().from(quoteJobs).where(eq(quoteJobs.application_id, id));
    expect(jobs.filter((job) => job.attempts > 1)).toEqual([]);
    await t.db.delete(quoteJobs).where(eq(quoteJobs.application_id, id));
  });

  it('skips a job whose application was reset meanwhile', async () => {
    const { id } = await launchedWith([{ connector: 'fixed' }]);
    const jobsBefore = await t.db.select().from(quoteJobs).where(eq(quoteJobs.application_id, id));
    const reset = await t.post('agent-portal/reset-application', { session_key: key, application_id: id });
    expect(reset.body.data.application.status).toBe('new');
    expect(jobsBefore).toHaveLength(1);
    expect(await t.app.quoteWorker.drain()).toBe(0);
    expect((await application(id)).status).toBe('new');
  });

  it('starts a job as soon as a slot is free, not when the slowest of its batch answers', async () => {
    const { id } = await launchedWith([
      { connector: 'hang' },
      ...Array.from({ length: 3 }, (_, i) => ({ connector: 'fixed', carrier: `f${i}` })),
    ]);
    await createQuoteWorker(t.db, { concurrency: 2, timeoutMs: 1500, connectorFor }).drain();
    const rows = await t.db.select().from(quotes).where(eq(quotes.application_id, id));
    const [hung] = rows.filter((q) => q.connector === 'hang');
    const answered = rows.filter((q) => q.connector === 'fixed');
    expect(hung.status).toBe('timeout');
    // With batches of two, the hanging carrier's batch mate held the other two until its timeout.
    for (const quote of answered) {
      expect(quote.status).toBe('quoted');
      expect((quote.answered_at as Date).getTime()).toBeLessThan((hung.answered_at as Date).getTime());
    }
  });

  it("is woken by a new job's notification, not by its poll, once it sleeps", async () => {
    const worker = createQuoteWorker(t.db, { pollIntervalMs: 3_600_000, timeoutMs: 150, connectorFor });
    worker.start();
    try {
      const settled = async (appId: number) => {
        while ((await application(appId)).status !== 'completed') await new Promise((r) => setTimeout(r, 20));
      };
      // The first launch may be found by the worker's first claim; the second only by NOTIFY.
      await settled((await launchedWith([{ connector: 'fixed' }])).id);
      const second = await launchedWith([{ connector: 'fixed', carrier: 'cheap' }]);
      await settled(second.id);
      expect((await application(second.id)).min_quote_amount).toBe(812.5);
    } finally {
      await worker.stop();
    }
  });
});

describe('closing the app with a carrier call in hand', () => {
  it('aborts the call after half of SHUTDOWN_DRAIN_MS and closes, leaving the job to its lease (ADR 771)', async () => {
    const drainBefore = process.env.SHUTDOWN_DRAIN_MS;
    process.env.SHUTDOWN_DRAIN_MS = '400';
    const t = await startTestApp('pglite', {
      startWorker: true,
      worker: { timeoutMs: 60_000, pollIntervalMs: 20, connectorFor },
    });
    try {
      const key = await t.loginAs('agent@demo.test');
      const created = await t.post('agent-portal/create-new-application', {
        session_key: key,
        address: ADDRESS,
      });
      const id: number = created.body.data.application.id;
      await updateApplication(t.db, id, { status: 'launched', launched_at: new Date() });
      const signalsBefore = seenSignals.length;
      await insertQuotesWithJobs(t.db, [
        {
          application_id: id,
          carrier: 'hang',
          sub_carrier: null,
          display_name: 'hang',
          connector: 'hang',
          benefits: [],
        },
      ]);
      while (seenSignals.length === signalsBefore) await new Promise((r) => setTimeout(r, 10));
    } finally {
      const started = Date.now();
      await t.close();
      if (drainBefore === undefined) delete process.env.SHUTDOWN_DRAIN_MS;
      else process.env.SHUTDOWN_DRAIN_MS = drainBefore;
      // Without the deadline, close waits out the carrier's 60 s timeout.
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(seenSignals.at(-1)?.aborted).toBe(true);
  });
});
