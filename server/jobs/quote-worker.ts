/**
 * The durable quote queue's worker (issue 2 §4 Quote worker): the `quote_jobs` source of the lease
 * runner (server/jobs/lease-runner.ts, docs/decisions/771-one-lease-runner.md), woken by NOTIFY
 * on QUOTE_JOBS_CHANNEL. Running a job asks its connector with an AbortSignal at QUOTE_TIMEOUT_MS
 * (or when the job's lease is lost), checks the answer against
 * quote-answer.schema.json, writes the quote (an error the connector threw as a
 * CredentialsRefusedError with `credentials_refused`, ADR 773), notes a timeout or error on the
 * application (SPEC §3 Note), and completes the application when no quote is pending
 * (min_quote_amount = cheapest quoted premium), queuing the customer quotes webhook's delivery
 * and the `complete` auto-send in the same transaction. A fault stays with its carrier's quote.
 * Safe with several processes on one PostgreSQL: claims use FOR UPDATE SKIP LOCKED, and the
 * completion check locks the application row. A claim is a lease the worker renews while it holds
 * the job, so a killed process's jobs are re-claimed one lease later
 * (docs/decisions/103-quote-job-leases.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Doc } from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { QuoteJobRow, QuoteRow } from '../db/schema.ts';
import { carrierCallDuration, quoteRequests } from '../http/metrics.ts';
import { connectorFor } from '../quoting/connector-for.ts';
import { CredentialsRefusedError } from '../quoting/credentials-refused-error.ts';
import { parseQuoteAnswer } from '../quoting/parse-quote-answer.ts';
import { QUOTE_TIMEOUT_MS } from '../quoting/quote-timeout-ms.ts';
import type { Connector } from '../quoting/types.ts';
import { findApplication, updateApplication } from '../repositories/applications-repository.ts';
import {
  answerQuote,
  type ClaimedQuoteJob,
  claimQuoteJobs,
  finishQuoteJob,
  finishQuoteJobUnlessLast,
  quoteProgress,
  renewQuoteJobLeases,
} from '../repositories/quotes-repository.ts';
import { enqueueAutoSend } from '../services/auto-send-job.ts';
import { noteCarrierFault } from '../services/carrier-fault-note.ts';
import { enqueueCustomerQuotesWebhook } from '../services/customer-quotes-webhook-job.ts';
import { ruleContextOf } from '../services/schema-engine.ts';
import {
  createLeaseRunner,
  type JobSource,
  type Lease,
  type LeaseRunner,
  type RunOutcome,
} from './lease-runner.ts';

/**
 * Pause between polls while no job is claimable, in ms: a fallback, since a new job's NOTIFY
 * wakes the worker at once; polling finds jobs whose lease ran out and notifications missed.
 */
export const QUOTE_POLL_INTERVAL_MS = 1_000;
/** Jobs one process runs at once: well above a launch's carriers (25), so none waits for a slot. */
export const QUOTE_WORKER_CONCURRENCY = 64;
/**
 * A busy worker claims again once this share of its slots is free (1/8: every 8 answers at the
 * default concurrency), so claims are not one per answer (issue 47: answers per second).
 */
export const QUOTE_CLAIM_BATCH_SHARE = 8;
/** The NOTIFY channel of new quote jobs (migration 0023's trigger). */
export const QUOTE_JOBS_CHANNEL = 'quote_jobs';
/** Claims of one job before it is given up as an error (a job that keeps crashing its worker). */
export const QUOTE_MAX_ATTEMPTS = 3;
/** Longest error message kept from a connector, in characters. */
const MAX_ERROR_MESSAGE_LENGTH = 500;
/** Recorded when a connector fails without saying why. */
export const CONNECTOR_FAILED_MESSAGE = 'The carrier connection failed without a message.';
/**
 * How long a claim holds a job without renewal, in ms: the delay before a dead process's jobs are
 * re-claimed. Renewed every quarter lease, so a live worker keeps its jobs through slow queries.
 */
export const QUOTE_LEASE_MS = 10_000;
/**
 * Share of the lease that must be left, as the worker last proved it (claim or renewal, timed
 * from before the statement was sent), for it to ask a carrier: with less it cannot rule out
 * that the lease lapsed and another process holds the job, so it leaves the job to the next
 * claim rather than ask a carrier a second time (docs/decisions/728-lease-renewal-that-cannot-starve.md).
 */
export const QUOTE_LEASE_LEFT_TO_ASK = 0.5;

export interface QuoteWorkerOptions {
  /** Fallback poll interval in ms; defaults to QUOTE_POLL_INTERVAL_MS. */
  pollIntervalMs?: number;
  /** Jobs run at once; defaults to QUOTE_WORKER_CONCURRENCY. */
  concurrency?: number;
  /** Connector timeout in ms; defaults to QUOTE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Lease of a claimed job in ms; defaults to QUOTE_LEASE_MS. */
  leaseMs?: number;
  /** Where leases are renewed: a pool of its own on PostgreSQL (Database.leaseDb); defaults to the worker's db. */
  leaseDb?: Executor;
  logger?: FastifyBaseLogger;
  /** The connector of a carriers.json connector id; defaults to connectorFor (fault suites plug in others). */
  connectorFor?: (id: string) => Connector;
}

type Outcome = Pick<QuoteRow, 'status' | 'premium' | 'coverages' | 'benefits' | 'message' | 'indicative'> &
  Partial<Pick<QuoteRow, 'carrier_reference' | 'bind_url' | 'credentials_refused'>>;

class TimeoutError extends Error {}

/** The message recorded for a failed request: NUL-free (PostgreSQL cannot store it), bounded, never empty. */
function errorMessage(error: unknown): string {
  const raw = error instanceof Error ? String(error.message) : typeof error === 'string' ? error : '';
  const text = raw.replaceAll('\u0000', '').trim();
  if (!text) return CONNECTOR_FAILED_MESSAGE;
  return text.length > MAX_ERROR_MESSAGE_LENGTH ? `${text.slice(0, MAX_ERROR_MESSAGE_LENGTH - 1)}…` : text;
}

async function askConnector(
  quote: QuoteRow,
  document: Doc,
  ctxSource: Parameters<typeof ruleContextOf>[0],
  companyId: number,
  timeoutMs: number,
  lookup: (id: string) => Connector,
  leaseSignal: AbortSignal,
): Promise<Outcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let end: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    end = () => {
      controller.abort();
      reject(new TimeoutError());
    };
    timer = setTimeout(end, timeoutMs);
    // A lost lease ends the call too: the job's new holder asks the carrier and writes the answer.
    leaseSignal.addEventListener('abort', end, { once: true });
  });
  try {
    const connector = lookup(quote.connector);
    const request = {
      target: {
        carrier: quote.carrier,
        sub_carrier: quote.sub_carrier,
        display_name: quote.display_name,
        connector: quote.connector,
        benefits: quote.benefits,
      },
      company_id: companyId,
      document,
      ctx: ruleContextOf(ctxSource),
    };
    // Racing the timer covers connectors that ignore the signal; the schema check, answers of the wrong shape.
    const answer = parseQuoteAnswer(
      await Promise.race([connector.quote(request, controller.signal), timeout]),
    );
    return {
      status: answer.status,
      premium: answer.status === 'quoted' ? answer.premium : null,
      coverages: answer.coverages,
      benefits: answer.benefits.length ? answer.benefits : quote.benefits,
      message: answer.message,
      indicative: answer.indicative,
      carrier_reference: answer.carrier_reference ?? null,
      bind_url: answer.bind_url ?? null,
    };
  } catch (error) {
    if (error instanceof TimeoutError || controller.signal.aborted) {
      return {
        ...emptyOutcome(quote),
        status: 'timeout',
        message: `No answer within ${timeoutMs / 1000} s.`,
      };
    }
    return {
      ...emptyOutcome(quote),
      status: 'error',
      message: errorMessage(error),
      // Recorded so the carrier page lists the company's refused credentials (ADR 773).
      credentials_refused: error instanceof CredentialsRefusedError,
    };
  } finally {
    clearTimeout(timer);
    if (end) leaseSignal.removeEventListener('abort', end);
  }
}

function emptyOutcome(quote: QuoteRow): Outcome {
  return {
    status: 'error',
    premium: null,
    coverages: {},
    benefits: quote.benefits,
    message: null,
    indicative: true,
  };
}

/**
 * Writes one connector's answer into its still-pending quote, alone: a quoted or declined answer
 * is one statement, with no lock shared with the launch's other answers. A timeout or error also
 * upserts the application's alert note (SPEC §3 Note) in the same transaction, under the
 * application row's lock, so two faults cannot both insert it.
 */
async function writeAnswer(db: Executor, job: QuoteJobRow, outcome: Outcome): Promise<void> {
  const fault = outcome.status === 'error' || outcome.status === 'timeout' ? outcome.status : null;
  if (!fault) {
    await answerQuote(db, job.quote_id, outcome);
    return;
  }
  await db.transaction(async (tx) => {
    await findApplication(tx, job.application_id, { kind: 'all' }, true);
    if (await answerQuote(tx, job.quote_id, outcome)) await noteCarrierFault(tx, job.application_id, fault);
  });
}

/**
 * Finishes a job whose answer is written: when no automatic quote of its launched application is
 * pending any more, completes the application (min_quote_amount = cheapest quoted premium in
 * dollars, null when none) and queues the customer quotes webhook and the `complete` auto-send,
 * with the job's own finish, in one transaction under the application row's lock. The check runs
 * after the answer committed, so of two last answers the later one always sees none pending; a
 * crash before the finish leaves the job running, and its re-claim repeats the check. Any other
 * answer's job is finished by the check itself, in one statement (finishQuoteJobUnlessLast).
 */
async function finishJob(db: Executor, job: QuoteJobRow, lastError: string | null): Promise<void> {
  if (await finishQuoteJobUnlessLast(db, job.id, job.application_id, lastError)) return;
  await db.transaction(async (tx) => {
    // Locking the application serializes the last two answers of one launch across processes.
    const app = await findApplication(tx, job.application_id, { kind: 'all' }, true);
    await finishQuoteJob(tx, job.id, lastError);
    if (app?.status !== 'launched') return;
    const progress = await quoteProgress(tx, app.id);
    if (progress.pending > 0) return;
    const completed = await updateApplication(tx, app.id, {
      status: 'completed',
      min_quote_amount: progress.cheapest,
    });
    // Queued with the completion, so a crash keeps both or neither (issue 14).
    await enqueueCustomerQuotesWebhook(tx, completed);
    await enqueueAutoSend(tx, completed, 'complete');
  });
}

/**
 * Runs one claimed quote job (ADR 103, 728): finishes it at once when its quote is no longer
 * pending, writes an error after QUOTE_MAX_ATTEMPTS claims, leaves it to the next claim when less
 * than QUOTE_LEASE_LEFT_TO_ASK of its lease is proven, else asks the carrier and writes the answer
 * (nothing when the lease was lost meanwhile).
 */
async function runJob(
  db: Executor,
  job: ClaimedQuoteJob,
  lease: Lease,
  config: { timeoutMs: number; leaseMs: number; lookup: (id: string) => Connector },
  logger: FastifyBaseLogger | undefined,
): Promise<RunOutcome> {
  // The quote and application came with the claim: the carrier is asked without another query.
  const { quote, application: app } = job;
  if (!quote || !app || quote.status !== 'pending') {
    await finishJob(db, job, 'quote no longer pending');
    return 'done';
  }
  if (job.attempts > QUOTE_MAX_ATTEMPTS) {
    const message = `Quote request failed after ${QUOTE_MAX_ATTEMPTS} attempts.`;
    await writeAnswer(db, job, { ...emptyOutcome(quote), message });
    await finishJob(db, job, message);
    return 'failed';
  }
  if (lease.provenMs() < config.leaseMs * QUOTE_LEASE_LEFT_TO_ASK) {
    // Not finished: the lease lapses and the next claim asks the carrier, once.
    logger?.warn(
      { quote_id: quote.id, job_id: job.id, attempt: job.attempts, worker: job.locked_by },
      'quote job lease not proven; left for the next claim',
    );
    return 'left';
  }
  // One line per connector call: the fault suites count them to prove each request is made once.
  logger?.info(
    {
      quote_id: quote.id,
      job_id: job.id,
      attempt: job.attempts,
      worker: job.locked_by,
      reqId: job.request_id,
    },
    'quote requested',
  );
  const stopTimer = carrierCallDuration.startTimer({ carrier: quote.carrier });
  const outcome = await askConnector(
    quote,
    app.useable_details,
    app,
    app.company_id,
    config.timeoutMs,
    config.lookup,
    lease.signal,
  );
  stopTimer();
  if (lease.signal.aborted) return 'lost';
  quoteRequests.inc({ carrier: quote.carrier, outcome: outcome.status });
  await writeAnswer(db, job, outcome);
  await finishJob(db, job, outcome.status === 'error' ? outcome.message : null);
  return 'done';
}

/**
 * A worker over `db`: a lease runner of `quote_jobs` with QUOTE_WORKER_CONCURRENCY slots, claiming
 * once 1/QUOTE_CLAIM_BATCH_SHARE of them are free. Call start() to listen and poll, or drain() to
 * run what is queued now.
 */
export function createQuoteWorker(db: Executor, options: QuoteWorkerOptions = {}): LeaseRunner {
  const concurrency = options.concurrency ?? QUOTE_WORKER_CONCURRENCY;
  const leaseMs = options.leaseMs ?? QUOTE_LEASE_MS;
  const leaseDb = options.leaseDb ?? db;
  const config = {
    timeoutMs: options.timeoutMs ?? QUOTE_TIMEOUT_MS,
    leaseMs,
    lookup: options.connectorFor ?? connectorFor,
  };
  const source: JobSource<ClaimedQuoteJob> = {
    queueOf: () => 'quote',
    claim: (workerId, limit, lockMs) => claimQuoteJobs(db, workerId, limit, lockMs),
    renew: (workerId, jobIds, lockMs) => renewQuoteJobLeases(leaseDb, workerId, jobIds, lockMs),
    run: (job, lease) => runJob(db, job, lease, config, options.logger),
  };
  return createLeaseRunner(source, {
    name: 'worker',
    concurrency,
    // One claim (two statements) per several answers rather than per answer (issue 47).
    claimBatch: Math.floor(concurrency / QUOTE_CLAIM_BATCH_SHARE),
    pollIntervalMs: options.pollIntervalMs ?? QUOTE_POLL_INTERVAL_MS,
    leaseMs,
    notifications: { db, channel: QUOTE_JOBS_CHANNEL },
    logger: options.logger,
  });
}
