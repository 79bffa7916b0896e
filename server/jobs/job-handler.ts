/** What a job kind implements for the job worker (docs/decisions/109-one-job-mechanism.md). */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.ts';
import type { JobRow } from '../db/schema.ts';

export interface JobContext {
  db: Executor;
  /**
   * Aborted when the worker lost the job's lease (another worker may now run it), or when the
   * worker's stop deadline passed (server/jobs/lease-runner.ts): stop writing.
   */
  signal: AbortSignal;
  logger: FastifyBaseLogger | undefined;
  /** Stores the kind's progress object on the job (readable while it runs, kept after a crash). */
  reportProgress(progress: Record<string, unknown>): Promise<void>;
}

/**
 * Runs one job. The returned object is stored as the job's result. Throw RetryLater to run again
 * after a delay; throw GiveUp to fail at once; any other error retries with exponential backoff until max_attempts, then the job
 * fails. A job can be claimed again after a crash, so a handler must be idempotent: it reads what
 * it already did (its progress, its own rows) before doing it again.
 */
export type JobHandler = (job: JobRow, context: JobContext) => Promise<Record<string, unknown> | undefined>;
