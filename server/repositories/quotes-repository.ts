/** Quote rows (one per carrier a launch goes to) and their durable jobs. */
import { type AnyColumn, and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/database.ts';
import {
  type ApplicationRow,
  applications,
  boundPolicies,
  files,
  type QuoteJobRow,
  type QuoteRow,
  quoteJobs,
  quotes,
} from '../db/schema.ts';
import { currentRequestId } from '../http/request-id.ts';
import { isRowId } from './is-row-id.ts';

export type NewQuote = typeof quotes.$inferInsert;

/**
 * A quote with the file name of its document (null without one) and, when the agency marked it as
 * bound (issue 12, commission), the bound policy's id, number, effective date, premium (cents),
 * business and paid time (all null otherwise), as the application view needs.
 */
export type QuoteWithDocument = QuoteRow & {
  document_name: string | null;
  bound_id: number | null;
  bound_policy_number: string | null;
  bound_effective_date: string | null;
  bound_premium_cents: number | null;
  bound_business: 'new' | 'renewal' | null;
  bound_paid_at: Date | null;
  /** The company's global `quote_expiry_days` setting, null when unset (server/quoting/quote-expiry.ts). */
  quote_expiry_days: number | null;
};

/**
 * The stored `quote_expiry_days` of company `companyId` (an SQL expression over a company id), null
 * when unset or not a number: one primary-key probe, so a statement that has the application's
 * `company_id` at hand pays no join per quote. Issue 16 quote expiry.
 */
export function quoteExpiryDaysOfCompany(companyId: SQL | AnyColumn) {
  return sql<number | null>`(
    SELECT CASE WHEN jsonb_typeof(c.settings->'global'->'quote_expiry_days') = 'number'
                THEN (c.settings->'global'->>'quote_expiry_days')::numeric::int END
      FROM companies c WHERE c.id = ${companyId})`;
}

/**
 * Quotes of one application in request order, each with its document's name, its bound policy and
 * its company's quote expiry setting.
 */
export async function quotesOfApplication(db: Executor, applicationId: number): Promise<QuoteWithDocument[]> {
  return db
    .select({
      ...getTableColumns(quotes),
      document_name: files.name,
      bound_id: boundPolicies.id,
      bound_policy_number: boundPolicies.policy_number,
      bound_effective_date: boundPolicies.effective_date,
      bound_premium_cents: boundPolicies.premium_cents,
      bound_business: boundPolicies.business,
      bound_paid_at: boundPolicies.paid_at,
      // The application's company read once (a bound id: PostgreSQL evaluates it once, not per quote).
      quote_expiry_days: quoteExpiryDaysOfCompany(
        sql`(SELECT a.company_id FROM ${applications} a WHERE a.id = ${applicationId})`,
      ).mapWith((days) => (days === null ? null : Number(days))),
    })
    .from(quotes)
    .leftJoin(files, eq(files.id, quotes.document_id))
    .leftJoin(boundPolicies, eq(boundPolicies.quote_id, quotes.id))
    .where(eq(quotes.application_id, applicationId))
    .orderBy(asc(quotes.id));
}

/** Inserts a quote that no job requests (a `sov` or `manual` quote), in the caller's transaction. */
export async function insertQuote(db: Executor, values: NewQuote): Promise<QuoteRow> {
  const [quote] = await db.insert(quotes).values(values).returning();
  return quote;
}

/** Queues a new job for an existing quote (an automatic quote reactivated). */
export async function enqueueQuoteJob(db: Executor, applicationId: number, quoteId: number): Promise<void> {
  await db
    .insert(quoteJobs)
    .values({ application_id: applicationId, quote_id: quoteId, request_id: currentRequestId() });
}

/** One quote of one application, or null; `forUpdate` locks it until the transaction ends. */
export async function findQuoteOfApplication(
  db: Executor,
  applicationId: number,
  quoteId: number,
  forUpdate = false,
): Promise<QuoteRow | null> {
  if (!isRowId(quoteId) || !isRowId(applicationId)) return null;
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.application_id, applicationId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Overwrites columns of one quote whatever its status (staff entries, reactivation); returns it. */
export async function updateQuote(
  db: Executor,
  quoteId: number,
  patch: Partial<NewQuote>,
): Promise<QuoteRow> {
  const [row] = await db.update(quotes).set(patch).where(eq(quotes.id, quoteId)).returning();
  return row;
}

/**
 * Inserts pending quotes and the jobs that will request them, in the caller's transaction: two
 * statements whatever the number of quotes (a launch's 25 carriers). Returns the quotes in input
 * order; the jobs' insert wakes the quote workers when the transaction commits (migration 0023).
 */
export async function insertQuotesWithJobs(db: Executor, values: NewQuote[]): Promise<QuoteRow[]> {
  if (!values.length) return [];
  const rows = await db.insert(quotes).values(values).returning();
  await db.insert(quoteJobs).values(
    rows.map((quote) => ({
      application_id: quote.application_id,
      quote_id: quote.id,
      request_id: currentRequestId(),
    })),
  );
  return rows;
}

/** Removes every quote and job of an application (reset). */
export async function deleteQuotesOfApplication(db: Executor, applicationId: number): Promise<void> {
  await db.delete(quoteJobs).where(eq(quoteJobs.application_id, applicationId));
  await db.delete(quotes).where(eq(quotes.application_id, applicationId));
}

/** A claimed job with its quote and application as they were at the claim (null: reset or deleted). */
export type ClaimedQuoteJob = QuoteJobRow & { quote: QuoteRow | null; application: ApplicationRow | null };

/**
 * Claims up to `limit` runnable jobs for `workerId`: queued ones due now, and running ones whose
 * lock expired (a crashed worker). `FOR UPDATE SKIP LOCKED` lets several processes share one
 * PostgreSQL without claiming the same job. Each claim counts an attempt. Lock length in ms.
 * Each job comes with its quote and application, read in the claim's second statement, so a
 * launch's jobs cost two statements before their carriers are asked, not two more per job
 * (docs/decisions/620-launch-first-quote-path.md).
 */
export async function claimQuoteJobs(
  db: Executor,
  workerId: string,
  limit: number,
  lockMs: number,
): Promise<ClaimedQuoteJob[]> {
  const result = await db.execute(sql`
    UPDATE quote_jobs
       SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
           locked_until = now() + make_interval(secs => ${lockMs / 1000}), updated_at = now()
     WHERE id IN (
       SELECT id FROM quote_jobs
        WHERE (status = 'queued' AND run_after <= now())
           OR (status = 'running' AND locked_until < now())
        ORDER BY id
        FOR UPDATE SKIP LOCKED
        LIMIT ${limit})
    RETURNING id`);
  const ids = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  if (!ids.length) return [];
  const rows = await db
    .select({ job: quoteJobs, quote: quotes, application: applications })
    .from(quoteJobs)
    .leftJoin(quotes, eq(quotes.id, quoteJobs.quote_id))
    .leftJoin(applications, eq(applications.id, quoteJobs.application_id))
    .where(inArray(quoteJobs.id, ids))
    .orderBy(asc(quoteJobs.id));
  return rows.map((row) => ({ ...row.job, quote: row.quote, application: row.application }));
}

/**
 * Extends to now + `leaseMs` the lock of the jobs `jobIds` that `workerId` still runs: a live
 * worker keeps its jobs, while a dead process's jobs become claimable one lease after its last
 * renewal. Jobs finished or re-claimed meanwhile are left alone. Returns the ids renewed.
 */
export async function renewQuoteJobLeases(
  db: Executor,
  workerId: string,
  jobIds: number[],
  leaseMs: number,
): Promise<number[]> {
  if (!jobIds.length) return [];
  const rows = await db
    .update(quoteJobs)
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(inArray(quoteJobs.id, jobIds), eq(quoteJobs.locked_by, workerId), eq(quoteJobs.status, 'running')),
    )
    .returning({ id: quoteJobs.id });
  return rows.map((row) => row.id);
}

/** Writes a connector's answer into a still-pending quote; false when it is no longer pending. */
export async function answerQuote(
  db: Executor,
  quoteId: number,
  answer: Partial<NewQuote>,
): Promise<boolean> {
  const rows = await db
    .update(quotes)
    .set({ ...answer, answered_at: new Date() })
    .where(and(eq(quotes.id, quoteId), eq(quotes.status, 'pending')))
    .returning({ id: quotes.id });
  return rows.length > 0;
}

/** Marks a job finished (it is kept for the record, never claimed again). */
export async function finishQuoteJob(db: Executor, jobId: number, lastError: string | null): Promise<void> {
  await db
    .update(quoteJobs)
    .set({ status: 'done', locked_until: null, last_error: lastError, updated_at: new Date() })
    .where(eq(quoteJobs.id, jobId));
}

/**
 * Marks a job finished unless its answer was the launch's last: in one statement, the job is
 * marked done when its application is gone, no longer launched, or still has automatic quotes
 * pending (as quoteProgress counts them, after this job's answer committed). Answers true when it
 * finished the job; false leaves the job running for the caller to complete the application
 * under the application row's lock (a crash then leaves the job to its re-claim). One round trip
 * where quoteProgress then finishQuoteJob took two (issue 47: answers per second).
 */
export async function finishQuoteJobUnlessLast(
  db: Executor,
  jobId: number,
  applicationId: number,
  lastError: string | null,
): Promise<boolean> {
  const result = await db.execute(sql`
    WITH last_answer AS (
      SELECT 1 FROM applications a
       WHERE a.id = ${applicationId} AND a.status = 'launched'
         AND NOT EXISTS (SELECT 1 FROM quotes q
                          WHERE q.application_id = a.id AND q.status = 'pending' AND q.source = 'automatic')
    ), finished AS (
      UPDATE quote_jobs
         SET status = 'done', locked_until = NULL, last_error = ${lastError}, updated_at = now()
       WHERE id = ${jobId} AND NOT EXISTS (SELECT 1 FROM last_answer)
      RETURNING id
    )
    SELECT count(*)::int AS finished FROM finished`);
  const [row] = rowsOf<{ finished: number | string }>(result);
  return Number(row?.finished ?? 0) > 0;
}

/**
 * The application's quotes of any source (automatic, manual, SOV) still waiting for an answer:
 * what the launch's follow-up message waits on (docs/decisions/760-follow-up-waits-for-every-carrier.md).
 */
export async function pendingQuoteCount(db: Executor, applicationId: number): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*) AS n FROM quotes WHERE application_id = ${applicationId} AND status = 'pending'`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/**
 * The application's status (null when it is gone), the pending *automatic* quotes left (SOV and
 * manual quotes arrive later and never hold an application open, docs/api.md issue 3), and the
 * cheapest quoted premium of any source in dollars (null when none quoted). One query.
 */
export async function quoteProgress(
  db: Executor,
  applicationId: number,
): Promise<{ status: string | null; pending: number; cheapest: number | null }> {
  const result = await db.execute(sql`
    SELECT a.status,
           (SELECT count(*) FROM quotes q
             WHERE q.application_id = a.id AND q.status = 'pending' AND q.source = 'automatic') AS pending,
           (SELECT min(q.premium) FROM quotes q
             WHERE q.application_id = a.id AND q.status = 'quoted') AS cheapest
      FROM applications a WHERE a.id = ${applicationId}`);
  const [row] = rowsOf<{ status: string; pending: number | string; cheapest: number | string | null }>(
    result,
  );
  return {
    status: row?.status ?? null,
    pending: Number(row?.pending ?? 0),
    cheapest: row?.cheapest === null || row?.cheapest === undefined ? null : Number(row.cheapest),
  };
}
