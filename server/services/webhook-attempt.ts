/**
 * One attempt of a webhook delivery (issue 14, docs/decisions/220-customer-quotes-webhook-delivery.md):
 * the target checked against SSRF (webhook-target.ts), a `sending` row written before the request
 * leaves, the body POSTed signed (webhook-signature.ts) with its event and delivery id, and the row
 * settled: `delivered` on 2xx; `retrying` for a network error, timeout, 5xx or 429 when a retry is
 * still possible, else `failed`; `failed` at once for any other status (4xx, redirects);
 * `refused` when the target is not allowed (nothing sent).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.ts';
import type { WebhookDeliveryRow, WebhookOutcome } from '../db/schema.ts';
import { OutboundHostRefused } from '../outbound/outbound-guard.ts';
import {
  insertDeliveryAttempt,
  type NewDeliveryAttempt,
  settleDeliveryAttempt,
} from '../repositories/webhook-deliveries-repository.ts';
import { postWebhook, type WebhookAnswer } from '../webhooks/post-webhook.ts';
import { SIGNATURE_HEADER, webhookSignature } from '../webhooks/webhook-signature.ts';
import { checkWebhookTarget } from '../webhooks/webhook-target.ts';

/** Logged for a URL stored before secrets existed: nothing is sent unsigned. */
export const NO_SECRET_MESSAGE =
  'No signing secret: generate one with "Rotate secret" in the webhook dialog. Nothing was sent.';

/** What a delivery sends, and whether a failure that may pass would be tried again. */
export interface AttemptInput {
  url: string;
  /** The company's signing secret; null refuses the attempt (NO_SECRET_MESSAGE). */
  secret: string | null;
  /** The JSON text to send, byte for byte the same in every attempt of a delivery. */
  body: string;
  /** True when a retryable failure will be retried (outcome `retrying`, else `failed`). */
  retryPossible: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  now?: () => Date;
}

/** True for an answer worth trying again: no answer at all, 5xx, or 429 (the receiver asked to wait). */
export function isRetryable(answer: Pick<WebhookAnswer, 'statusCode'>): boolean {
  const code = answer.statusCode;
  return code === null || code >= 500 || code === 429;
}

/** The log's error of an answer that is not a 2xx. */
function answerError(answer: WebhookAnswer): string | null {
  if (answer.statusCode === null) return answer.error;
  if (answer.statusCode >= 200 && answer.statusCode < 300) return null;
  if (isRetryable(answer)) return `The receiver answered ${answer.statusCode}.`;
  return `The receiver answered ${answer.statusCode}; only network errors, timeouts, 5xx and 429 are retried.`;
}

function outcomeOf(answer: WebhookAnswer, retryPossible: boolean): Exclude<WebhookOutcome, 'sending'> {
  const code = answer.statusCode;
  if (code !== null && code >= 200 && code < 300) return 'delivered';
  return isRetryable(answer) && retryPossible ? 'retrying' : 'failed';
}

/**
 * Runs one attempt and returns its settled log row. Never throws for the receiver's or the
 * network's failures (they are the row's outcome); database errors propagate.
 */
export async function attemptWebhook(
  db: Executor,
  attempt: NewDeliveryAttempt,
  input: AttemptInput,
  logger?: FastifyBaseLogger,
): Promise<WebhookDeliveryRow> {
  const row = await insertDeliveryAttempt(db, attempt);
  const log = { company_id: attempt.company_id, delivery_id: attempt.delivery_id, attempt: attempt.attempt };
  if (input.secret === null) {
    logger?.warn({ ...log, outcome: 'failed' }, 'webhook not sent: no signing secret');
    return settleDeliveryAttempt(db, row.id, {
      outcome: 'failed',
      status_code: null,
      duration_ms: null,
      error: NO_SECRET_MESSAGE,
      response_excerpt: null,
    });
  }
  let answer: WebhookAnswer;
  try {
    const target = await checkWebhookTarget(input.url);
    const seconds = Math.floor((input.now?.() ?? new Date()).getTime() / 1000);
    answer = await postWebhook(
      target,
      input.body,
      {
        [SIGNATURE_HEADER]: webhookSignature(input.secret, input.body, seconds),
        'X-Portal-Event': attempt.event,
        'X-Portal-Delivery': attempt.delivery_id,
      },
      { signal: input.signal, timeoutMs: input.timeoutMs },
    );
  } catch (error) {
    if (!(error instanceof OutboundHostRefused)) throw error;
    // The URL is the admin's: say plainly why nothing was sent.
    logger?.warn({ ...log, outcome: 'refused', reason: error.message }, 'webhook target refused');
    return settleDeliveryAttempt(db, row.id, {
      outcome: 'refused',
      status_code: null,
      duration_ms: null,
      error: error.message,
      response_excerpt: null,
    });
  }
  const outcome = outcomeOf(answer, input.retryPossible);
  logger?.info(
    { ...log, outcome, status_code: answer.statusCode, duration_ms: answer.durationMs },
    'webhook attempt',
  );
  return settleDeliveryAttempt(db, row.id, {
    outcome,
    status_code: answer.statusCode,
    duration_ms: answer.durationMs,
    error: answerError(answer),
    response_excerpt: answer.responseExcerpt,
  });
}
