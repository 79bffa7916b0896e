/**
 * The one job mechanism (docs/decisions/109-one-job-mechanism.md): enqueue with dedupe keys, drain,
 * results and progress, backoff and RetryLater, GiveUp, the attempt cap, re-claim after a lease ran out (a
 * dead worker's late writes ignored), a lost lease aborting the handler, slots refilled as soon as
 * one job ends, unknown kinds left alone, and two workers sharing one queue running each job once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../server/db/schema.ts';
import { GiveUp } from '../../../server/jobs/give-up.ts';
import type { JobHandler } from '../../../server/jobs/job-handler.ts';
import { backoffMs, createJobWorker } from '../../../server/jobs/job-worker.ts';
import { RetryLater } from '../../../server/jobs/retry-later.ts';
import { claimJobs, completeJob, enqueueJob, findJob } from '../../../server/repositories/jobs-repository.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DATABASE_KINDS)('job worker on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Makes every queued job of `kind` due now (skips the backoff wait). */
  async function makeDue(jobKind: string) {
    await t.db.update(jobs).set({ run_after: sql`now()` }).where(eq(jobs.kind, jobKind));
  }

  it('runs a job once with its payload and stores its result and progress', async () => {
    const seen: unknown[] = [];
    const handlers: Record<string, JobHandler> = {
      echo: async (job, context) => {
        seen.push(job.payload);
        await context.reportProgress({ rows: 2 });
        return { doubled: Number(job.payload.n) * 2 };
      },
    };
    const job = await enqueueJob(t.db, { kind: 'echo', payload: { n: 21 }, companyId: t.seed.companyId });
    expect(job.status).toBe('queued');
    const worker = createJobWorker(t.db, { handlers });
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(seen).toEqual([{ n: 21 }]);
    const done = await findJob(t.db, job.id);
    expect(done).toMatchObject({
      status: 'done',
      attempts: 1,
      result: { doubled: 42 },
      progress: { rows: 2 },
    });
    expect(done?.locked_by).toBeNull();
  });

  it('adds nothing for a second enqueue with the same dedupe key', async () => {
    const first = await enqueueJob(t.db, { kind: 'dedupe', payload: { a: 1 }, dedupeKey: `file-${kind}` });
    const second = await enqueueJob(t.db, { kind: 'dedupe', payload: { a: 2 }, dedupeKey: `file-${kind}` });
    expect(second.id).toBe(first.id);
    expect(second.payload).toEqual({ a: 1 });
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'dedupe'));
    expect(rows).toHaveLength(1);
  });

  it('retries a failing job with growing backoff, then fails it after max_attempts', async () => {
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      flaky: async () => {
        calls += 1;
        throw new Error(`receiver down ${calls}`);
      },
    };
    const job = await enqueueJob(t.db, { kind: 'flaky', payload: {}, maxAttempts: 3 });
    const worker = createJobWorker(t.db, { handlers });
    await worker.drain();
    let row = await findJob(t.db, job.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'receiver down 1' });
    // Not due yet: the backoff keeps it out of the next drain.
    expect(await worker.drain()).toBe(0);
    expect(row?.run_after.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 900);
    for (let attempt = 2; attempt <= 3; attempt++) {
      await makeDue('flaky');
      await worker.drain();
    }
    row = await findJob(t.db, job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'receiver down 3' });
    expect(calls).toBe(3);
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(40)]).toEqual([1000, 2000, 4000, 3_600_000]);
  });

  it('requeues after the delay a handler asks for with RetryLater', async () => {
    const handlers: Record<string, JobHandler> = {
      later: async () => {
        throw new RetryLater(60_000, 'answered 429');
      },
    };
    const job = await enqueueJob(t.db, { kind: 'later', payload: {} });
    await createJobWorker(t.db, { handlers }).drain();
    const row = await findJob(t.db, job.id);
    expect(row).toMatchObject({ status: 'queued', last_error: 'answered 429' });
    const waitMs = (row?.run_after.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(50_000);
    expect(waitMs).toBeLessThanOrEqual(60_000);
  });

  it('fails a job at once, attempts left or not, when its handler throws GiveUp', async () => {
    const handlers: Record<string, JobHandler> = {
      hopeless: async () => {
        throw new GiveUp('answered 400');
      },
    };
    const job = await enqueueJob(t.db, { kind: 'hopeless', payload: {}, maxAttempts: 5 });
    await createJobWorker(t.db, { handlers }).drain();
    expect(await findJob(t.db, job.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'answered 400',
    });
  });

  it("re-claims a dead worker's job once its lease ran out and ignores the dead worker's late write", async () => {
    const job = await enqueueJob(t.db, { kind: 'orphan', payload: {} });
    const [claimed] = await claimJobs(t.db, 'dead-worker', ['orphan'], 1, 60_000);
    expect(claimed.id).toBe(job.id);
    const handlers: Record<string, JobHandler> = { orphan: async () => ({ by: 'live' }) };
    const live = createJobWorker(t.db, { handlers });
    // Leased: nobody else may take it.
    expect(await live.drain()).toBe(0);
    await t.db
      .update(jobs)
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id));
    expect(await live.drain()).toBe(1);
    await completeJob(t.db, job.id, 'dead-worker', { by: 'dead' });
    expect(await findJob(t.db, job.id)).toMatchObject({
      status: 'done',
      attempts: 2,
      result: { by: 'live' },
    });
  });

  it('fails without running a job that was claimed more often than max_attempts (it keeps killing its worker)', async () => {
    let ran = false;
    const job = await enqueueJob(t.db, { kind: 'poison', payload: {}, maxAttempts: 2 });
    await t.db.update(jobs).set({ attempts: 2 }).where(eq(jobs.id, job.id));
    await createJobWorker(t.db, {
      handlers: {
        poison: async () => {
          ran = true;
          return {};
        },
      },
    }).drain();
    expect(ran).toBe(false);
    expect(await findJob(t.db, job.id)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it("aborts a handler's signal when its lease was taken by another worker", async () => {
    const job = await enqueueJob(t.db, { kind: 'stolen', payload: {} });
    let aborted = false;
    const handlers: Record<string, JobHandler> = {
      stolen: async (_job, context) => {
        await t.db.update(jobs).set({ locked_by: 'thief' }).where(eq(jobs.id, job.id));
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
        aborted = context.signal.aborted;
        return { wrote: true };
      },
    };
    await createJobWorker(t.db, { handlers, leaseMs: 400 }).drain();
    expect(aborted).toBe(true);
    // The worker that lost the lease did not finish the thief's job.
    expect(await findJob(t.db, job.id)).toMatchObject({
      status: 'running',
      locked_by: 'thief',
      result: null,
    });
  });

  it('starts the next job as soon as a slot frees, without waiting for the slowest of a batch', async () => {
    let releaseSlow: () => void = () => {};
    const slowMayEnd = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const order: string[] = [];
    const handlers: Record<string, JobHandler> = {
      slot: async (job) => {
        const name = String(job.payload.name);
        order.push(`start ${name}`);
        // The slow job ends only once the third job has started: a batch worker would deadlock here.
        if (name === 'slow') await slowMayEnd;
        if (name === 'third') releaseSlow();
        order.push(`end ${name}`);
        return {};
      },
    };
    for (const name of ['slow', 'fast', 'third']) await enqueueJob(t.db, { kind: 'slot', payload: { name } });
    expect(await createJobWorker(t.db, { handlers, concurrency: 2 }).drain()).toBe(3);
    expect(order.indexOf('start third')).toBeLessThan(order.indexOf('end slow'));
  });

  it('leaves jobs of kinds it has no handler for in the queue', async () => {
    const job = await enqueueJob(t.db, { kind: 'someone-else', payload: {} });
    await createJobWorker(t.db, { handlers: { echo: async () => ({}) } }).drain();
    expect(await findJob(t.db, job.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('runs each job exactly once when two workers drain one queue', async () => {
    const runs = new Map<number, number>();
    const handlers: Record<string, JobHandler> = {
      shared: async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return {};
      },
    };
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await enqueueJob(t.db, { kind: 'shared', payload: { i } })).id);
    const [a, b] = [createJobWorker(t.db, { handlers }), createJobWorker(t.db, { handlers })];
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(20);
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
  });

  it('polls from start() and runs a job enqueued after it started, then stops cleanly', async () => {
    let ran: (payload: unknown) => void = () => {};
    const payloadSeen = new Promise<unknown>((resolve) => {
      ran = resolve;
    });
    const worker = createJobWorker(t.db, {
      pollIntervalMs: 20,
      handlers: {
        polled: async (job) => {
          ran(job.payload);
          return {};
        },
      },
    });
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const job = await enqueueJob(t.db, { kind: 'polled', payload: { late: true } });
    expect(await payloadSeen).toEqual({ late: true });
    await worker.stop();
    expect(await findJob(t.db, job.id)).toMatchObject({ status: 'done' });
  });
});
