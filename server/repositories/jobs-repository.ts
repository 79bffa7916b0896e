/**
 * Rows of `jobs`, the one durable job mechanism (docs/decisions/109-one-job-mechanism.md): enqueue
 * (idempotent with a dedupe key), claim under a lease with FOR UPDATE SKIP LOCKED, renew, and
 * finish. Every write by a worker names the worker, so a job re-claimed after its lease ran out is
 * never finished by the worker that lost it.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import { type JobRow, type JobStatus, jobs } from '../db/schema.ts';
import { currentRequestId } from '../http/request-id.ts';
import { isRowId } from './is-row-id.ts';

/** Attempts of a job unless its enqueuer says otherwise. */
export const DEFAULT_JOB_MAX_ATTEMPTS = 5;

export interface NewJob {
  /** The handler's name in server/jobs/job-kinds.ts, e.g. `bulk-import`. */
  kind: string;
  /** The kind's own input, stored as JSON. */
  payload: Record<string, unknown>;
  /** The company the job works for (listing a company's jobs), or null for system jobs. */
  companyId?: number | null;
  /** Not before this time (a scheduled follow-up); default now. */
  runAfter?: Date;
  /** Claims before the job is given up as failed; default DEFAULT_JOB_MAX_ATTEMPTS. */
  maxAttempts?: number;
  /** A second enqueue with the same key returns the first job and adds nothing. */
  dedupeKey?: string;
}

/**
 * Queues a job in the caller's transaction (so it exists exactly when the caller's writes do), with
 * the id of the request being handled (issue 39), and returns its row; with `dedupeKey`, returns the existing job of that key instead of a second one.
 */
export async function enqueueJob(db: Executor, job: NewJob): Promise<JobRow> {
  const values = {
    kind: job.kind,
    payload: job.payload,
    company_id: job.companyId ?? null,
    run_after: job.runAfter ?? new Date(),
    max_attempts: job.maxAttempts ?? DEFAULT_JOB_MAX_ATTEMPTS,
    dedupe_key: job.dedupeKey ?? null,
    request_id: currentRequestId(),
  };
  const [inserted] = await db
    .insert(jobs)
    .values(values)
    .onConflictDoNothing({ target: jobs.dedupe_key })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupe_key, job.dedupeKey ?? ''));
  return existing;
}

/** The job `id`, or null when there is none (or `id` is no row id). */
export async function findJob(db: Executor, id: number): Promise<JobRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/**
 * Claims up to `limit` jobs of `kinds` for `workerId` for `leaseMs`: queued jobs due now, and
 * running jobs whose lease ran out (their worker died). Each claim counts an attempt.
 */
export async function claimJobs(
  db: Executor,
  workerId: string,
  kinds: string[],
  limit: number,
  leaseMs: number,
): Promise<JobRow[]> {
  if (!kinds.length || limit <= 0) return [];
  const result = await db.execute(sql`
    UPDATE jobs
       SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
           locked_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
     WHERE id IN (
       SELECT id FROM jobs
        WHERE ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
          AND kind IN (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        ORDER BY run_after, id
        FOR UPDATE SKIP LOCKED
        LIMIT ${limit})
    RETURNING id`);
  const ids = rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  if (!ids.length) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.id);
}

/** Extends the leases `workerId` still holds among `jobIds`; returns the ids renewed. */
export async function renewJobLeases(
  db: Executor,
  workerId: string,
  jobIds: number[],
  leaseMs: number,
): Promise<number[]> {
  if (!jobIds.length) return [];
  const rows = await db
    .update(jobs)
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(inArray(jobs.id, jobIds), eq(jobs.locked_by, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/** The condition of every write a worker makes to a job it holds. */
function heldBy(jobId: number, workerId: string) {
  return and(eq(jobs.id, jobId), eq(jobs.locked_by, workerId), eq(jobs.status, 'running'));
}

/** Stores a running job's progress (the kind's own object); false when the worker no longer holds it. */
export async function setJobProgress(
  db: Executor,
  jobId: number,
  workerId: string,
  progress: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ progress, updated_at: sql`now()` })
    .where(heldBy(jobId, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks a held job done with its result. */
export async function completeJob(
  db: Executor,
  jobId: number,
  workerId: string,
  result: Record<string, unknown> | null,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'done',
      result,
      last_error: null,
      locked_by: null,
      locked_until: null,
      updated_at: sql`now()`,
    })
    .where(heldBy(jobId, workerId));
}

/** Puts a held job back in the queue to run again `delayMs` from now, keeping `error` as its last. */
export async function requeueJob(
  db: Executor,
  jobId: number,
  workerId: string,
  delayMs: number,
  error: string | null,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      run_after: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      last_error: error,
      locked_by: null,
      locked_until: null,
      updated_at: sql`now()`,
    })
    .where(heldBy(jobId, workerId));
}

/** Gives a held job up: status failed with `error`. */
export async function failJob(db: Executor, jobId: number, workerId: string, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'failed', last_error: error, locked_by: null, locked_until: null, updated_at: sql`now()` })
    .where(heldBy(jobId, workerId));
}

/** Finished jobs (done or failed) of `kind` created before `before`, oldest first. */
export async function listFinishedJobsBefore(db: Executor, kind: string, before: Date): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['done', 'failed']), lt(jobs.created_at, before)))
    .orderBy(jobs.id);
}

/** Deletes the jobs `ids` that are finished (done or failed): a job running meanwhile is kept. */
export async function deleteFinishedJobs(db: Executor, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const deleted = await db
    .delete(jobs)
    .where(and(inArray(jobs.id, ids), inArray(jobs.status, ['done', 'failed'])))
    .returning({ id: jobs.id });
  return deleted.length;
}

/**
 * The newest job of `kind` whose payload's `key` is `value` (compared as text), or null; with
 * `statuses`, the newest in one of them.
 */
export async function latestJobWithPayload(
  db: Executor,
  kind: string,
  key: string,
  value: string | number,
  statuses?: JobStatus[],
): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        sql`${jobs.payload} ->> ${key} = ${String(value)}`,
        statuses ? inArray(jobs.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return row ?? null;
}
