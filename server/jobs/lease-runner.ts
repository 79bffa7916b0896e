/**
 * The one loop every durable job runs on (issue 41, docs/decisions/771-one-lease-runner.md): a
 * runner claims jobs from its source under a lease (FOR UPDATE SKIP LOCKED, so several processes
 * share one database), runs up to `concurrency` at once and refills a slot as soon as a job ends
 * (ADR 109), claims again once `claimBatch` slots are free (issue 47), renews the leases in hand
 * every quarter lease, one renewal at a time, keeping per job the time until which its lease is
 * proven and aborting its handler's signal when a renewal comes back without it (ADR 103, 728),
 * sleeps between polls until a NOTIFY on its channel or a finished job wakes it (ADR 350), and
 * stops within a deadline. Every source's jobs are counted alike in server/http/metrics.ts
 * (`job_claims_total`, `job_runs_total`, `job_run_duration_seconds`, `job_leases_lost_total`).
 * What a job means (the `jobs` table's retries, a carrier call) is the source's `run`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.ts';
import { jobClaims, jobLeasesLost, jobRunDuration, jobRuns } from '../http/metrics.ts';
import { listenForNotifications } from './listen-for-notifications.ts';

/** A claimed job's lease as its runner knows it, handed to the source's `run`. */
export interface Lease {
  /**
   * Aborted when the lease is lost (a renewal came back without the job, or `lose()`), or when
   * stop()'s deadline passed: another process may hold the job now, so the handler stops writing.
   */
  readonly signal: AbortSignal;
  /**
   * Time in ms from now until which the lease is proven: from the moment before the claim (or the
   * last renewal that kept the job) was sent, plus the lease; 0 or less once lost or lapsed (ADR 728).
   */
  provenMs(): number;
  /** Marks the lease lost (the source found the job held by another worker): aborts `signal`. */
  lose(): void;
}

/**
 * How one run ended, the `outcome` label of `job_runs_total`: `done` (finished), `retried` (back in
 * the queue for a later attempt), `failed` (given up), `left` (left running for the next claim,
 * its lease not proven), `lost` (its lease was lost; the new holder finishes it). A run that
 * throws is counted as `error` and its job left to its lease.
 */
export type RunOutcome = 'done' | 'retried' | 'failed' | 'left' | 'lost';

/** A table of leased jobs: how to claim, renew and run them. */
export interface JobSource<Job extends { id: number }> {
  /** The `queue` label of the job's metrics and logs: `quote`, or the `jobs` kind (as job_queue_depth). */
  queueOf(job: Job): string;
  /** Claims up to `limit` due jobs for `workerId` with a lease of `leaseMs`, each counting an attempt. */
  claim(workerId: string, limit: number, leaseMs: number): Promise<Job[]>;
  /** Extends to now + `leaseMs` the leases `workerId` still holds among `jobIds`; answers the ids renewed. */
  renew(workerId: string, jobIds: number[], leaseMs: number): Promise<number[]>;
  /** Runs one claimed job to its end; a throw leaves the job running, so its lease lapses and it is retried. */
  run(job: Job, lease: Lease): Promise<RunOutcome>;
}

export interface LeaseRunnerOptions {
  /** Start of the runner's id, which is the `locked_by` of its claims (`worker`, `job-worker`). */
  name: string;
  /** Jobs run at once. */
  concurrency: number;
  /**
   * Free slots a runner with jobs in hand waits for before it claims again (an idle one claims at
   * once): one claim per several finished jobs under load (issue 47). Default 1, at most concurrency.
   */
  claimBatch?: number;
  /** Pause between claims while none is due, in ms: the fallback when no notification comes. */
  pollIntervalMs: number;
  /** How long a claim holds a job without renewal, in ms; renewed every quarter of it. */
  leaseMs: number;
  /** A NOTIFY channel (on `db`) whose notifications wake the runner at once (ADR 350). */
  notifications?: { db: Executor; channel: string };
  logger?: FastifyBaseLogger;
}

export interface LeaseRunner {
  /** The runner's id, written as `locked_by` on the jobs it claims. */
  readonly id: string;
  /** Starts claiming in the background (listening and polling); no-op when running. */
  start(): void;
  /**
   * Stops claiming and waits for the jobs in hand to finish, at most `deadlineMs` (default: as
   * long as they take); past it, aborts their signals and returns, leaving each job to its lease.
   */
  stop(deadlineMs?: number): Promise<void>;
  /** Runs every job claimable now (and any that become so meanwhile) until none is left; returns how many. */
  drain(): Promise<number>;
}

/** A job in hand: its abort controller, the local epoch ms until which its lease is proven, its queue. */
interface Held {
  controller: AbortController;
  provenUntil: number;
  queue: string;
}

/** A runner of `source`'s jobs; call start() to run in the background, or drain() to run what is due now. */
export function createLeaseRunner<Job extends { id: number }>(
  source: JobSource<Job>,
  options: LeaseRunnerOptions,
): LeaseRunner {
  const id = `${options.name}-${randomUUID()}`;
  const { concurrency, leaseMs, pollIntervalMs, logger } = options;
  const claimBatch = Math.min(concurrency, Math.max(1, options.claimBatch ?? 1));
  const held = new Map<number, Held>();
  const running = new Set<Promise<void>>();
  const wakeUp = createWakeUp();
  let polling = false;
  let loop: Promise<void> | null = null;
  let renewal: NodeJS.Timeout | null = null;
  let renewing = false;

  function lose(entry: Held): void {
    entry.provenUntil = 0;
    if (entry.controller.signal.aborted) return;
    jobLeasesLost.inc({ queue: entry.queue });
    entry.controller.abort();
  }

  async function run(job: Job, claimedAt: number): Promise<void> {
    const queue = source.queueOf(job);
    // Set before the first await, so the next fill() counts this slot taken.
    const entry: Held = { controller: new AbortController(), provenUntil: claimedAt + leaseMs, queue };
    held.set(job.id, entry);
    const stopTimer = jobRunDuration.startTimer({ queue });
    try {
      const lease: Lease = {
        signal: entry.controller.signal,
        provenMs: () => entry.provenUntil - Date.now(),
        lose: () => lose(entry),
      };
      jobRuns.inc({ queue, outcome: await source.run(job, lease) });
    } catch (error) {
      jobRuns.inc({ queue, outcome: 'error' });
      // The job stays running until its lease lapses; then another claim retries it.
      logger?.error({ err: error, job: job.id, queue, worker: id }, 'job run failed; left to its lease');
    } finally {
      stopTimer();
      held.delete(job.id);
      // A free slot may take a job that found none free.
      wakeUp.wake();
    }
  }

  /** Claims as many jobs as there are free slots (once claimBatch are free) and starts each; returns how many. */
  async function fill(): Promise<number> {
    const free = concurrency - held.size;
    if (free <= 0 || (held.size > 0 && free < claimBatch)) return 0;
    // Timed before the claim is sent: the database's lease ends no earlier than this plus leaseMs.
    const claimedAt = Date.now();
    const jobs = await source.claim(id, free, leaseMs);
    for (const job of jobs) {
      jobClaims.inc({ queue: source.queueOf(job) });
      const task = run(job, claimedAt).finally(() => running.delete(task));
      running.add(task);
    }
    return jobs.length;
  }

  /** Renews the leases in hand; a job not renewed (re-claimed after its lease lapsed) is lost. One at a time. */
  async function renewLeases(): Promise<void> {
    if (renewing || !held.size) return;
    renewing = true;
    const sentAt = Date.now();
    try {
      const ids = [...held.keys()];
      const renewed = new Set(await source.renew(id, ids, leaseMs));
      for (const jobId of ids) {
        const entry = held.get(jobId);
        if (!entry) continue;
        if (renewed.has(jobId)) entry.provenUntil = Math.max(entry.provenUntil, sentAt + leaseMs);
        else lose(entry);
      }
    } finally {
      renewing = false;
    }
  }

  function startRenewal(): void {
    renewal ??= setInterval(() => {
      renewLeases().catch((error) => logger?.error({ err: error, worker: id }, 'job lease renewal failed'));
    }, leaseMs / 4);
  }

  function stopRenewal(): void {
    if (renewal) clearInterval(renewal);
    renewal = null;
  }

  async function listen(): Promise<(() => Promise<void>) | null> {
    const { notifications } = options;
    if (!notifications) return null;
    return listenForNotifications(notifications.db, notifications.channel, wakeUp.wake, (error) =>
      logger?.error({ err: error, worker: id }, 'job notifications lost; polling'),
    ).catch((error) => {
      logger?.error({ err: error, worker: id }, 'job notifications unavailable; polling');
      return null;
    });
  }

  async function pollLoop(): Promise<void> {
    startRenewal();
    const stopListening = await listen();
    try {
      while (polling) {
        let started = 0;
        try {
          started = await fill();
        } catch (error) {
          logger?.error({ err: error, worker: id }, 'job claim failed');
        }
        if (polling && started === 0) await wakeUp.sleep(pollIntervalMs);
      }
    } finally {
      await stopListening?.();
    }
  }

  return {
    id,
    start() {
      if (polling) return;
      polling = true;
      loop = pollLoop();
    },
    async stop(deadlineMs = Number.POSITIVE_INFINITY) {
      polling = false;
      wakeUp.wake();
      await loop;
      loop = null;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => {
        if (Number.isFinite(deadlineMs)) timer = setTimeout(() => resolve('late'), Math.max(0, deadlineMs));
      });
      const ended = await Promise.race([Promise.all(running), deadline]);
      clearTimeout(timer);
      if (ended === 'late') {
        logger?.warn(
          { worker: id, jobs: [...held.keys()] },
          'stop deadline passed; jobs left to their leases',
        );
        for (const entry of held.values()) entry.controller.abort();
      }
      stopRenewal();
    },
    async drain() {
      startRenewal();
      let total = 0;
      try {
        for (;;) {
          const started = await fill();
          total += started;
          if (started === 0) {
            if (!running.size) return total;
            await Promise.race(running);
          }
        }
      } finally {
        if (!polling) stopRenewal();
      }
    },
  };
}

/**
 * A sleep that a wake() ends early; a wake() while nobody sleeps is kept for the next sleep, so a
 * notification that arrives during a claim is not lost.
 */
function createWakeUp(): { sleep(ms: number): Promise<void>; wake(): void } {
  let pending = false;
  let resolveSleep: (() => void) | null = null;
  return {
    sleep(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolveSleep = null;
          resolve();
        }
        resolveSleep = done;
      });
    },
    wake() {
      if (resolveSleep) resolveSleep();
      else pending = true;
    },
  };
}
