/**
 * The lease runner's own contract (server/jobs/lease-runner.ts, docs/decisions/771-one-lease-runner.md),
 * over an in-memory job source so the timing is the runner's alone: claims never exceed the free
 * slots and wait for a claim batch while busy (issue 47), every job runs once; leases are renewed
 * every quarter lease and a lease the renewal does not keep aborts its handler (ADR 103, 728);
 * drain and stop wait for the jobs in hand, and stop's deadline aborts them; one queue's failures
 * (throwing runs, a failing claim) do not stop the others. Both real sources (quote_jobs and jobs)
 * are tested on PGlite and PostgreSQL in tests/server/quote-worker.test.ts and job-worker.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jobClaims, jobLeasesLost, jobRuns } from '../../../server/http/metrics.ts';
import {
  createLeaseRunner,
  type JobSource,
  type Lease,
  type RunOutcome,
} from '../../../server/jobs/lease-runner.ts';

interface FakeJob {
  id: number;
  queue: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A queue in memory: claim hands out unclaimed jobs in id order; renew keeps the leases `kept`
 * allows; `run` is the test's. Records each claim's limit with the jobs then in hand.
 */
function memorySource(
  jobs: FakeJob[],
  run: (job: FakeJob, lease: Lease) => Promise<RunOutcome>,
  kept: (id: number) => boolean = () => true,
) {
  const queued = [...jobs];
  const claims: { limit: number; inHand: number }[] = [];
  const renewals: number[][] = [];
  let inHand = 0;
  let mostInHand = 0;
  const source: JobSource<FakeJob> = {
    queueOf: (job) => job.queue,
    async claim(_workerId, limit) {
      claims.push({ limit, inHand });
      const claimed = queued.splice(0, limit);
      inHand += claimed.length;
      mostInHand = Math.max(mostInHand, inHand);
      return claimed;
    },
    async renew(_workerId, ids) {
      renewals.push(ids);
      return ids.filter(kept);
    },
    async run(job, lease) {
      try {
        return await run(job, lease);
      } finally {
        inHand -= 1;
      }
    },
  };
  return { source, claims, renewals, queued, mostInHand: () => mostInHand };
}

/** The current value of a counter's series with these labels (0 when absent). */
async function counted(
  counter: typeof jobClaims | typeof jobRuns | typeof jobLeasesLost,
  labels: Record<string, string>,
): Promise<number> {
  const { values } = await counter.get();
  const series = values.find((value) =>
    Object.entries(labels).every(([key, label]) => (value.labels as Record<string, unknown>)[key] === label),
  );
  return series?.value ?? 0;
}

const base = { name: 'test-runner', pollIntervalMs: 20, leaseMs: 2_000 };

describe('lease runner', () => {
  it('claims at most the free slots, and while busy only once a claim batch is free; runs every job once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 30 }),
        async (concurrency, batch, durations) => {
          const ran: number[] = [];
          const fake = memorySource(
            durations.map((_, id) => ({ id, queue: 'property' })),
            async (job) => {
              await pause(durations[job.id]);
              ran.push(job.id);
              return 'done';
            },
          );
          const runner = createLeaseRunner(fake.source, { ...base, concurrency, claimBatch: batch });
          expect(await runner.drain()).toBe(durations.length);
          expect(ran.sort((a, b) => a - b)).toEqual(durations.map((_, id) => id));
          expect(fake.mostInHand()).toBeLessThanOrEqual(concurrency);
          const claimBatch = Math.min(batch, concurrency);
          for (const claim of fake.claims) {
            expect(claim.limit).toBe(concurrency - claim.inHand);
            if (claim.inHand > 0) expect(claim.limit).toBeGreaterThanOrEqual(claimBatch);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('renews the leases in hand every quarter lease and keeps them proven', async () => {
    const leaseMs = 200;
    const proven: number[] = [];
    const fake = memorySource([{ id: 1, queue: 'renewed' }], async (_job, lease) => {
      await pause(3 * leaseMs);
      proven.push(lease.provenMs());
      return lease.signal.aborted ? 'lost' : 'done';
    });
    const runner = createLeaseRunner(fake.source, { ...base, leaseMs, concurrency: 1 });
    expect(await runner.drain()).toBe(1);
    // About twelve renewals in three leases; timers on a busy machine may fire late.
    expect(fake.renewals.length).toBeGreaterThanOrEqual(6);
    expect(fake.renewals.every((ids) => ids.length === 1 && ids[0] === 1)).toBe(true);
    // Three leases after the claim, the lease is still proven for more than half a lease.
    expect(proven[0]).toBeGreaterThan(leaseMs / 2);
  });

  it('aborts the handler whose lease a renewal did not keep, and counts it lost', async () => {
    const queue = 'stolen';
    const lostBefore = await counted(jobLeasesLost, { queue });
    let provenAfterAbort = Number.NaN;
    const fake = memorySource(
      [
        { id: 1, queue },
        { id: 2, queue },
      ],
      async (_job, lease) => {
        await new Promise<void>((resolve) => {
          lease.signal.addEventListener('abort', () => resolve(), { once: true });
          setTimeout(resolve, 1_000);
        });
        if (lease.signal.aborted) provenAfterAbort = lease.provenMs();
        return lease.signal.aborted ? 'lost' : 'done';
      },
      (id) => id !== 2,
    );
    const runner = createLeaseRunner(fake.source, { ...base, leaseMs: 100, concurrency: 2 });
    const started = Date.now();
    await runner.drain();
    expect(await counted(jobLeasesLost, { queue })).toBe(lostBefore + 1);
    expect(await counted(jobRuns, { queue, outcome: 'lost' })).toBeGreaterThanOrEqual(1);
    expect(await counted(jobRuns, { queue, outcome: 'done' })).toBeGreaterThanOrEqual(1);
    expect(provenAfterAbort).toBeLessThanOrEqual(0);
    // Job 1 kept its lease and ran its full second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('aborts a handler that reports its lease lost itself', async () => {
    const seen: boolean[] = [];
    const fake = memorySource([{ id: 1, queue: 'self-lost' }], async (_job, lease) => {
      lease.lose();
      seen.push(lease.signal.aborted);
      return 'lost';
    });
    await createLeaseRunner(fake.source, { ...base, concurrency: 1 }).drain();
    expect(seen).toEqual([true]);
  });

  it('stop waits for the jobs in hand, then claims no more', async () => {
    let finished = false;
    const fake = memorySource(
      [
        { id: 1, queue: 'stopping' },
        { id: 2, queue: 'stopping' },
      ],
      async () => {
        await pause(300);
        finished = true;
        return 'done';
      },
    );
    const runner = createLeaseRunner(fake.source, { ...base, concurrency: 1 });
    runner.start();
    while (!fake.claims.length) await pause(5);
    await runner.stop();
    expect(finished).toBe(true);
    const claimsAtStop = fake.claims.length;
    await pause(100);
    expect(fake.claims.length).toBe(claimsAtStop);
    // The second job waits in the queue for the next runner.
    expect(fake.queued.map((job) => job.id)).toEqual([2]);
  });

  it("stop's deadline aborts the jobs still in hand and returns", async () => {
    const signals: AbortSignal[] = [];
    const fake = memorySource([{ id: 1, queue: 'deadline' }], async (_job, lease) => {
      signals.push(lease.signal);
      await pause(5_000);
      return 'done';
    });
    const runner = createLeaseRunner(fake.source, { ...base, concurrency: 1 });
    runner.start();
    while (!signals.length) await pause(5);
    const started = Date.now();
    await runner.stop(100);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(signals[0].aborted).toBe(true);
  });

  it("one queue's failures (throwing runs, a failed claim) do not stop the others", async () => {
    const ran: number[] = [];
    const errorsBefore = await counted(jobRuns, { queue: 'broken', outcome: 'error' });
    const claimsBefore = await counted(jobClaims, { queue: 'healthy' });
    const fake = memorySource(
      Array.from({ length: 12 }, (_, id) => ({ id, queue: id % 3 === 0 ? 'broken' : 'healthy' })),
      async (job) => {
        if (job.queue === 'broken') throw new Error('handler exploded');
        ran.push(job.id);
        return 'done';
      },
    );
    let claimFailed = false;
    const claim = fake.source.claim;
    fake.source.claim = async (...args) => {
      if (!claimFailed) {
        claimFailed = true;
        throw new Error('database unreachable');
      }
      return claim(...args);
    };
    const runner = createLeaseRunner(fake.source, { ...base, concurrency: 2 });
    runner.start();
    const deadline = Date.now() + 5_000;
    while (ran.length < 8 && Date.now() < deadline) await pause(10);
    await runner.stop();
    expect(ran.sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 7, 8, 10, 11]);
    expect(await counted(jobRuns, { queue: 'broken', outcome: 'error' })).toBe(errorsBefore + 4);
    expect(await counted(jobClaims, { queue: 'healthy' })).toBe(claimsBefore + 8);
  });
});
