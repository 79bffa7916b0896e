/**
 * The worker of the `jobs` table (docs/decisions/109-one-job-mechanism.md): claims due jobs of the
 * kinds it has handlers for, up to `concurrency` at once, starting a new one as soon as one
 * finishes; renews each lease while its handler runs (aborting the handler's signal when a lease
 * is lost); stores the result, or requeues with backoff, or fails the job after max_attempts (or
 * at once when its handler throws GiveUp).
 * Safe with several processes on one PostgreSQL (claims use FOR UPDATE SKIP LOCKED).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.ts';
import type { JobRow } from '../db/schema.ts';
import {
  claimJobs,
  completeJob,
  failJob,
  renewJobLeases,
  requeueJob,
  setJobProgress,
} from '../repositories/jobs-repository.ts';
import { GiveUp } from './give-up.ts';
import type { JobHandler } from './job-handler.ts';
import { RetryLater } from './retry-later.ts';

/** Pause between polls while no job is due, in ms. */
export const JOB_POLL_INTERVAL_MS = 250;
/** Jobs one worker runs at once. */
export const JOB_CONCURRENCY = 4;
/** How long a claim holds a job without renewal, in ms (renewed every quarter lease). */
export const JOB_LEASE_MS = 10_000;
/** First retry delay after a failure, in ms; doubled per attempt up to JOB_MAX_BACKOFF_MS. */
export const JOB_BACKOFF_MS = 1_000;
export const JOB_MAX_BACKOFF_MS = 3_600_000;
/** Longest error text kept on a job, in characters. */
const MAX_ERROR_LENGTH = 1_000;

export interface JobWorkerOptions {
  /** The kinds this worker runs; defaults to server/jobs/job-kinds.ts. */
  handlers?: Record<string, JobHandler>;
  pollIntervalMs?: number;
  concurrency?: number;
  leaseMs?: number;
  /** Where leases are renewed: a pool of its own on PostgreSQL (Database.leaseDb, ADR 728); defaults to db. */
  leaseDb?: Executor;
  logger?: FastifyBaseLogger;
}

export interface JobWorker {
  readonly id: string;
  /** Starts polling in the background; no-op when running. */
  start(): void;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Runs every job due now (and any that become due meanwhile) until none is left; returns how many ran. */
  drain(): Promise<number>;
}

/** Retry delay after the `attempts`-th failed attempt, in ms: 1 s, 2 s, 4 s ... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(JOB_MAX_BACKOFF_MS, JOB_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

function errorText(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replaceAll('\u0000', '').trim();
  return (text || 'The job failed without a message.').slice(0, MAX_ERROR_LENGTH);
}

/** A worker over `db` for the kinds of `options.handlers`. */
export function createJobWorker(db: Executor, options: JobWorkerOptions = {}): JobWorker {
  const id = `job-worker-${randomUUID()}`;
  const handlers = options.handlers ?? {};
  const kinds = Object.keys(handlers);
  const pollMs = options.pollIntervalMs ?? JOB_POLL_INTERVAL_MS;
  const concurrency = options.concurrency ?? JOB_CONCURRENCY;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const logger = options.logger;
  /** The jobs in hand, with the abort controller of each. */
  const held = new Map<number, AbortController>();
  const running = new Set<Promise<void>>();
  let polling = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let renewal: NodeJS.Timeout | null = null;

  async function renewLeases(): Promise<void> {
    const ids = [...held.keys()];
    const renewed = new Set(await renewJobLeases(options.leaseDb ?? db, id, ids, leaseMs));
    for (const jobId of ids) {
      if (!renewed.has(jobId)) held.get(jobId)?.abort();
    }
  }

  async function run(job: JobRow): Promise<void> {
    const controller = new AbortController();
    held.set(job.id, controller);
    try {
      const handler = handlers[job.kind];
      if (job.attempts > job.max_attempts) {
        await failJob(db, job.id, id, job.last_error ?? `Gave up after ${job.max_attempts} attempts.`);
        return;
      }
      try {
        const result = await handler(job, {
          db,
          signal: controller.signal,
          // The job's lines carry the id of the request that enqueued it (issue 39).
          logger: job.request_id ? logger?.child({ reqId: job.request_id }) : logger,
          async reportProgress(progress) {
            if (!(await setJobProgress(db, job.id, id, progress))) controller.abort();
          },
        });
        await completeJob(db, job.id, id, result ?? null);
      } catch (error) {
        const message = errorText(error);
        logger?.warn(
          { job: job.id, kind: job.kind, attempt: job.attempts, reqId: job.request_id, err: error },
          'job attempt failed',
        );
        if (job.attempts >= job.max_attempts || error instanceof GiveUp)
          await failJob(db, job.id, id, message);
        else
          await requeueJob(
            db,
            job.id,
            id,
            error instanceof RetryLater ? error.delayMs : backoffMs(job.attempts),
            message,
          );
      }
    } catch (error) {
      // The database failed while finishing: the lease runs out and another claim retries the job.
      logger?.error({ job: job.id, err: error }, 'job bookkeeping failed');
    } finally {
      held.delete(job.id);
      wake?.();
    }
  }

  /** Claims as many due jobs as there are free slots and starts them; returns how many started. */
  async function fill(): Promise<number> {
    const free = concurrency - held.size;
    const claimed = await claimJobs(db, id, kinds, free, leaseMs);
    for (const job of claimed) {
      const task = run(job).finally(() => running.delete(task));
      running.add(task);
    }
    return claimed.length;
  }

  function startRenewal(): void {
    renewal ??= setInterval(() => {
      if (held.size)
        renewLeases().catch((error) => logger?.error({ err: error }, 'job lease renewal failed'));
    }, leaseMs / 4);
  }

  function stopRenewal(): void {
    if (renewal) clearInterval(renewal);
    renewal = null;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });
  }

  async function pollLoop(): Promise<void> {
    startRenewal();
    while (polling) {
      let started = 0;
      try {
        if (held.size < concurrency) started = await fill();
      } catch (error) {
        logger?.error({ err: error }, 'job claim failed');
      }
      if (polling && started === 0) await sleep(pollMs);
    }
  }

  return {
    id,
    start() {
      if (polling || !kinds.length) return;
      polling = true;
      loop = pollLoop();
    },
    async stop() {
      polling = false;
      wake?.();
      await loop;
      loop = null;
      await Promise.all(running);
      stopRenewal();
    },
    async drain() {
      startRenewal();
      let total = 0;
      try {
        for (;;) {
          const started = held.size < concurrency ? await fill() : 0;
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
