/**
 * The durable quote queue's worker (issue 2 §4 Quote worker): claims quote_jobs, asks each job's
 * connector with an AbortSignal at QUOTE_TIMEOUT_MS, checks the answer against
 * quote-answer.schema.json, writes the quote, notes a timeout or error on the application
 * (SPEC §3 Note), and completes the application when no quote is pending
 * (min_quote_amount = cheapest quoted premium), queuing the customer quotes webhook's delivery
 * and the `complete` auto-send in the same transaction. A fault stays with its carrier's quote.
 * Safe with several processes on one PostgreSQL: claims use FOR UPDATE SKIP LOCKED, and the
 * completion check locks the application row. A claim is a lease the worker renews while it holds
 * the job, so a killed process's jobs are re-claimed one lease later
 * (docs/decisions/103-quote-job-leases.md).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Doc } from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { QuoteJobRow, QuoteRow } from '../db/schema.ts';
import { connectorFor } from '../quoting/connector-for.ts';
import { parseQuoteAnswer } from '../quoting/parse-quote-answer.ts';
import { QUOTE_TIMEOUT_MS } from '../quoting/quote-timeout-ms.ts';
import type { Connector } from '../quoting/types.ts';
import { findApplication, updateApplication } from '../repositories/applications-repository.ts';
import {
  answerQuote,
  claimQuoteJobs,
  findQuote,
  finishQuoteJob,
  quoteProgress,
  renewQuoteJobLeases,
} from '../repositories/quotes-repository.ts';
import { enqueueAutoSend } from '../services/auto-send-job.ts';
import { noteCarrierFault } from '../services/carrier-fault-note.ts';
import { enqueueCustomerQuotesWebhook } from '../services/customer-quotes-webhook-job.ts';
import { ruleContextOf } from '../services/schema-engine.ts';

/** Default pause between polls when the queue was empty, in ms. */
export const QUOTE_POLL_INTERVAL_MS = 200;
/** Jobs one worker runs at once. */
export const QUOTE_WORKER_BATCH = 4;
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

export interface QuoteWorkerOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  /** Connector timeout in ms; defaults to QUOTE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Lease of a claimed job in ms; defaults to QUOTE_LEASE_MS. */
  leaseMs?: number;
  logger?: FastifyBaseLogger;
  /** The connector of a carriers.json connector id; defaults to connectorFor (fault suites plug in others). */
  connectorFor?: (id: string) => Connector;
}

export interface QuoteWorker {
  readonly id: string;
  /** Starts polling in the background; no-op when running. */
  start(): void;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Runs claimable jobs until none is left; returns how many ran. For tests and scripts. */
  drain(): Promise<number>;
}

type Outcome = Pick<QuoteRow, 'status' | 'premium' | 'coverages' | 'benefits' | 'message' | 'indicative'> &
  Partial<Pick<QuoteRow, 'carrier_reference' | 'bind_url'>>;

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
): Promise<Outcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError());
    }, timeoutMs);
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
    };
  } finally {
    clearTimeout(timer);
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
 * Writes the outcome (a timeout or error also upserts the application's alert note, SPEC §3
 * Note) and, when it was the last pending quote of a launched application, completes it with
 * min_quote_amount = cheapest quoted premium (dollars, null when none).
 */
async function settle(
  db: Executor,
  job: QuoteJobRow,
  outcome: Outcome | null,
  lastError: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Locking the application serializes the last two answers of one launch across processes.
    const app = await findApplication(tx, job.application_id, { kind: 'all' }, true);
    const answered = outcome ? await answerQuote(tx, job.quote_id, outcome) : false;
    if (answered && (outcome?.status === 'error' || outcome?.status === 'timeout')) {
      await noteCarrierFault(tx, job.application_id, outcome.status);
    }
    await finishQuoteJob(tx, job.id, lastError);
    if (app?.status !== 'launched') return;
    const progress = await quoteProgress(tx, app.id);
    if (progress.pending === 0) {
      const completed = await updateApplication(tx, app.id, {
        status: 'completed',
        min_quote_amount: progress.cheapest,
      });
      // Queued with the completion, so a crash keeps both or neither (issue 14).
      await enqueueCustomerQuotesWebhook(tx, completed);
      await enqueueAutoSend(tx, completed, 'complete');
    }
  });
}

async function runJob(
  db: Executor,
  job: QuoteJobRow,
  timeoutMs: number,
  lookup: (id: string) => Connector,
  logger: FastifyBaseLogger | undefined,
): Promise<void> {
  const quote = await findQuote(db, job.quote_id);
  const app = await findApplication(db, job.application_id, { kind: 'all' });
  if (!quote || !app || quote.status !== 'pending') {
    await settle(db, job, null, 'quote no longer pending');
    return;
  }
  if (job.attempts > QUOTE_MAX_ATTEMPTS) {
    const message = `Quote request failed after ${QUOTE_MAX_ATTEMPTS} attempts.`;
    await settle(db, job, { ...emptyOutcome(quote), message }, message);
    return;
  }
  // One line per connector call: the fault suites count them to prove each request is made once.
  logger?.info(
    { quote_id: quote.id, job_id: job.id, attempt: job.attempts, worker: job.locked_by },
    'quote requested',
  );
  const outcome = await askConnector(quote, app.useable_details, app, app.company_id, timeoutMs, lookup);
  await settle(db, job, outcome, outcome.status === 'error' ? outcome.message : null);
}

/** A worker over `db`. Call start() to poll, or drain() to run what is queued now. */
export function createQuoteWorker(db: Executor, options: QuoteWorkerOptions = {}): QuoteWorker {
  const id = `worker-${randomUUID()}`;
  const pollMs = options.pollIntervalMs ?? QUOTE_POLL_INTERVAL_MS;
  const batch = options.batchSize ?? QUOTE_WORKER_BATCH;
  const timeoutMs = options.timeoutMs ?? QUOTE_TIMEOUT_MS;
  const lookup = options.connectorFor ?? connectorFor;
  const leaseMs = options.leaseMs ?? QUOTE_LEASE_MS;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function runBatch(): Promise<number> {
    const jobs = await claimQuoteJobs(db, id, batch, leaseMs);
    if (!jobs.length) return 0;
    const held = new Set(jobs.map((job) => job.id));
    const renewal = setInterval(() => {
      renewQuoteJobLeases(db, id, [...held], leaseMs).catch((error) =>
        options.logger?.error({ err: error }, 'quote job lease renewal failed'),
      );
    }, leaseMs / 4);
    try {
      await Promise.all(
        jobs.map((job) =>
          runJob(db, job, timeoutMs, lookup, options.logger)
            .catch((error) => {
              // The job stays running until its lease expires, then another claim retries it.
              options.logger?.error({ err: error, job: job.id }, 'quote job failed');
            })
            .finally(() => held.delete(job.id)),
        ),
      );
    } finally {
      clearInterval(renewal);
    }
    return jobs.length;
  }

  async function pollLoop() {
    while (running) {
      let ran = 0;
      try {
        ran = await runBatch();
      } catch (error) {
        options.logger?.error({ err: error }, 'quote worker poll failed');
      }
      if (ran === 0 && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      loop = pollLoop();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
    async drain() {
      let total = 0;
      for (;;) {
        const ran = await runBatch();
        if (ran === 0) return total;
        total += ran;
      }
    },
  };
}
