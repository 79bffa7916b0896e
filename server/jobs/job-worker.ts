/**
 * The worker of the `jobs` table (docs/decisions/109-one-job-mechanism.md): the `jobs` source of
 * the lease runner (server/jobs/lease-runner.ts, ADR 771), which claims due jobs of the kinds it has
 * handlers for, up to `concurrency` at once, and aborts a handler's signal when its lease is lost.
 * Running a job here means: store the handler's result, or requeue with backoff (or after
 * RetryLater's delay), or fail the job after max_attempts (or at once when its handler throws GiveUp).
 * Safe with several processes on one PostgreSQL (claims use FOR UPDATE SKIP LOCKED).
 */
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
import {
  createLeaseRunner,
  type JobSource,
  type Lease,
  type LeaseRunner,
  type RunOutcome,
} from './lease-runner.ts';
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
  /** The kinds this worker runs (server/jobs/job-kinds.ts); none by default. */
  handlers?: Record<string, JobHandler>;
  /** Pause between claims while none is due, in ms; defaults to JOB_POLL_INTERVAL_MS. */
  pollIntervalMs?: number;
  /** Jobs run at once; defaults to JOB_CONCURRENCY. */
  concurrency?: number;
  /** Lease of a claimed job in ms; defaults to JOB_LEASE_MS. */
  leaseMs?: number;
  /** Where leases are renewed: a pool of its own on PostgreSQL (Database.leaseDb, ADR 728); defaults to db. */
  leaseDb?: Executor;
  logger?: FastifyBaseLogger;
}

/** Retry delay after the `attempts`-th failed attempt, in ms: 1 s, 2 s, 4 s ... at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(JOB_MAX_BACKOFF_MS, JOB_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

function errorText(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replaceAll('\u0000', '').trim();
  return (text || 'The job failed without a message.').slice(0, MAX_ERROR_LENGTH);
}

/**
 * Runs one claimed job with its kind's handler and records the end: done with the result, requeued
 * (RetryLater's delay, else backoffMs), or failed (GiveUp, max_attempts reached, or claimed more
 * often than max_attempts: a job that keeps killing its process fails without running).
 */
async function runJob(
  db: Executor,
  workerId: string,
  handler: JobHandler,
  job: JobRow,
  lease: Lease,
  logger: FastifyBaseLogger | undefined,
): Promise<RunOutcome> {
  if (job.attempts > job.max_attempts) {
    await failJob(db, job.id, workerId, job.last_error ?? `Gave up after ${job.max_attempts} attempts.`);
    return 'failed';
  }
  try {
    const result = await handler(job, {
      db,
      signal: lease.signal,
      // The job's lines carry the id of the request that enqueued it (issue 39).
      logger: job.request_id ? logger?.child({ reqId: job.request_id }) : logger,
      async reportProgress(progress) {
        if (!(await setJobProgress(db, job.id, workerId, progress))) lease.lose();
      },
    });
    await completeJob(db, job.id, workerId, result ?? null);
    return 'done';
  } catch (error) {
    const message = errorText(error);
    logger?.warn(
      { job: job.id, kind: job.kind, attempt: job.attempts, reqId: job.request_id, err: error },
      'job attempt failed',
    );
    if (job.attempts >= job.max_attempts || error instanceof GiveUp) {
      await failJob(db, job.id, workerId, message);
      return 'failed';
    }
    await requeueJob(
      db,
      job.id,
      workerId,
      error instanceof RetryLater ? error.delayMs : backoffMs(job.attempts),
      message,
    );
    return 'retried';
  }
}

/**
 * A worker over `db` for the kinds of `options.handlers`: a lease runner of the `jobs` table,
 * polling every JOB_POLL_INTERVAL_MS (no NOTIFY: enqueues come in their callers' transactions).
 */
export function createJobWorker(db: Executor, options: JobWorkerOptions = {}): LeaseRunner {
  const handlers = options.handlers ?? {};
  const kinds = Object.keys(handlers);
  const leaseDb = options.leaseDb ?? db;
  const logger = options.logger;
  const source: JobSource<JobRow> = {
    queueOf: (job) => job.kind,
    claim: (workerId, limit, leaseMs) => claimJobs(db, workerId, kinds, limit, leaseMs),
    renew: (workerId, jobIds, leaseMs) => renewJobLeases(leaseDb, workerId, jobIds, leaseMs),
    run: (job, lease) => runJob(db, runner.id, handlers[job.kind], job, lease, logger),
  };
  const runner = createLeaseRunner(source, {
    name: 'job-worker',
    concurrency: options.concurrency ?? JOB_CONCURRENCY,
    pollIntervalMs: options.pollIntervalMs ?? JOB_POLL_INTERVAL_MS,
    leaseMs: options.leaseMs ?? JOB_LEASE_MS,
    logger,
  });
  return runner;
}
