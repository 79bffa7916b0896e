/**
 * The `customer-quotes-webhook` job (issue 14, docs/decisions/220-customer-quotes-webhook-delivery.md):
 * queued in the transaction that completes an application's quoting (one job per completion: the
 * dedupe key names the application and the row version the completion wrote), it POSTs the body
 * built at completion to the company's webhook URL, signed. Network errors, timeouts, 5xx and 429
 * are retried after 1 min, doubling up to 1 h, for 24 h from completion; any other status stops.
 * A job claimed again after a crash first reads its delivery log: a delivered attempt finishes the
 * job without posting again; an attempt left `sending` is marked `interrupted` and sent again with
 * the same X-Portal-Delivery id (docs/decisions/224-webhook-crash-safety.md).
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, JobRow } from '../db/schema.ts';
import { GiveUp } from '../jobs/give-up.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { RetryLater } from '../jobs/retry-later.ts';
import { companySettingsOf } from '../repositories/companies-repository.ts';
import { enqueueJob } from '../repositories/jobs-repository.ts';
import { quotesOfApplication } from '../repositories/quotes-repository.ts';
import {
  attemptsOfDelivery,
  markInterruptedAttempts,
} from '../repositories/webhook-deliveries-repository.ts';
import { customerQuotesBody } from './customer-quotes-webhook-body.ts';
import { companyWebhook } from './portal-settings/customer-quotes-webhook-settings.ts';
import { attemptWebhook } from './webhook-attempt.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const CUSTOMER_QUOTES_WEBHOOK_KIND = 'customer-quotes-webhook';
/** First retry delay, in ms; doubled per failed attempt up to WEBHOOK_MAX_RETRY_MS. */
export const WEBHOOK_FIRST_RETRY_MS = 60_000;
export const WEBHOOK_MAX_RETRY_MS = 3_600_000;
/** How long after completion a delivery is still tried, in ms. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
/**
 * Claims of one job at most: 24 h of the schedule is 30 attempts; the rest leaves room for
 * re-claims after crashes, which count as claims too.
 */
export const WEBHOOK_MAX_ATTEMPTS = 50;
/** The error of an attempt a crash interrupted between sending and storing the answer. */
export const INTERRUPTED_MESSAGE =
  'The server stopped during this attempt; it was sent again with the same X-Portal-Delivery id.';

/** The job's payload: the body is stored as text so every attempt sends the same bytes. */
export interface CustomerQuotesWebhookPayload {
  application_id: number;
  delivery_id: string;
  body: string;
}

/** Delay before the attempt after failed attempt number `attempt` (1-based), in ms: 1, 2, 4 ... 60 min. */
export function webhookRetryDelayMs(attempt: number): number {
  return Math.min(WEBHOOK_MAX_RETRY_MS, WEBHOOK_FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

/**
 * Queues the delivery of `row`'s quotes, in the caller's transaction (the one that completed it),
 * when its company has a webhook URL; returns the job (the existing one when this completion was
 * already queued), or null without a URL. `row` is the application as the completion wrote it.
 */
export async function enqueueCustomerQuotesWebhook(
  db: Executor,
  row: ApplicationRow,
  now: Date = new Date(),
): Promise<JobRow | null> {
  if (!companyWebhook(await companySettingsOf(db, row.company_id))) return null;
  const deliveryId = randomUUID();
  const body = JSON.stringify(
    customerQuotesBody(row, await quotesOfApplication(db, row.id), deliveryId, now),
  );
  const payload: CustomerQuotesWebhookPayload = { application_id: row.id, delivery_id: deliveryId, body };
  return enqueueJob(db, {
    kind: CUSTOMER_QUOTES_WEBHOOK_KIND,
    payload: { ...payload },
    companyId: row.company_id,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    dedupeKey: `${CUSTOMER_QUOTES_WEBHOOK_KIND}:${row.id}:${row.version}`,
  });
}

/**
 * Runs one attempt of a delivery. Returns `{delivered: true, attempts}` once delivered (also when
 * an earlier, interrupted claim already delivered it), `{delivered: false, skipped}` when the
 * company removed its URL; throws RetryLater for a failure worth retrying within the window, and
 * GiveUp for the rest (4xx, refused target, window over).
 */
export const customerQuotesWebhookJob: JobHandler = async (job, { db, signal, logger }) => {
  const payload = job.payload as unknown as CustomerQuotesWebhookPayload;
  const earlier = await attemptsOfDelivery(db, payload.delivery_id);
  if (earlier.some((attempt) => attempt.outcome === 'delivered')) {
    return { delivered: true, attempts: earlier.length };
  }
  await markInterruptedAttempts(db, payload.delivery_id, INTERRUPTED_MESSAGE);
  const webhook = companyWebhook(
    job.company_id === null ? null : await companySettingsOf(db, job.company_id),
  );
  if (!webhook || job.company_id === null) return { delivered: false, skipped: 'No webhook URL is set.' };
  const attempt = earlier.length + 1;
  const delayMs = webhookRetryDelayMs(attempt);
  const row = await attemptWebhook(
    db,
    {
      company_id: job.company_id,
      job_id: job.id,
      application_id: payload.application_id,
      event: 'quotes.completed',
      delivery_id: payload.delivery_id,
      attempt,
      url: webhook.url,
    },
    {
      url: webhook.url,
      secret: webhook.secret,
      body: payload.body,
      retryPossible: Date.now() + delayMs <= job.created_at.getTime() + WEBHOOK_RETRY_WINDOW_MS,
      signal,
    },
    logger,
  );
  if (row.outcome === 'delivered')
    return { delivered: true, attempts: attempt, status_code: row.status_code };
  const message = row.error ?? 'The delivery failed.';
  if (row.outcome === 'retrying') throw new RetryLater(delayMs, message);
  throw new GiveUp(message);
};
