/**
 * The customer quotes webhook in the messaging console (issue 14, docs/api-accounts.md Customer
 * quotes webhook): the delivery log of the managed company, newest first, and "Send test", one
 * attempt of a sample body answered with its outcome (never retried). Admins for their company,
 * super-admins for any (managedCompanyId).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.ts';
import type { WebhookDeliveryRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { companySettingsOf } from '../repositories/companies-repository.ts';
import { listDeliveries } from '../repositories/webhook-deliveries-repository.ts';
import { COMPANY_NOT_FOUND, managedCompanyId } from './account-access.ts';
import type { Actor } from './actor.ts';
import { sampleQuotesBody } from './customer-quotes-webhook-body.ts';
import { companyWebhook } from './portal-settings/customer-quotes-webhook-settings.ts';
import { attemptWebhook } from './webhook-attempt.ts';

export const NO_WEBHOOK_URL_MESSAGE = 'Set a webhook URL first.';

/** A delivery attempt as answered: times in ISO 8601, duration in ms. */
export function deliveryView(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    event: row.event,
    delivery_id: row.delivery_id,
    application_id: row.application_id,
    attempt: row.attempt,
    url: row.url,
    outcome: row.outcome,
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    response_excerpt: row.response_excerpt,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

/** The managed company's id and settings; 404 'Company not found.' when it is not stored. */
async function managedSettings(db: Executor, actor: Actor, requested: number | undefined) {
  const companyId = managedCompanyId(actor, requested);
  const settings = await companySettingsOf(db, companyId);
  if (!settings) throw new ApiError(404, COMPANY_NOT_FOUND);
  return { companyId, settings };
}

/** The managed company's latest `limit` delivery attempts, newest first. */
export async function listWebhookDeliveries(
  db: Executor,
  actor: Actor,
  requested: number | undefined,
  limit: number,
): Promise<DeliveryView[]> {
  const { companyId } = await managedSettings(db, actor, requested);
  return (await listDeliveries(db, companyId, limit)).map(deliveryView);
}

/**
 * Posts a sample body (event `test`) once to the managed company's webhook and answers the logged
 * attempt. 422 NO_WEBHOOK_URL_MESSAGE without a URL; the receiver's failures are the outcome.
 */
export async function sendTestWebhook(
  db: Executor,
  actor: Actor,
  requested: number | undefined,
  logger?: FastifyBaseLogger,
): Promise<DeliveryView> {
  const { companyId, settings } = await managedSettings(db, actor, requested);
  const webhook = companyWebhook(settings);
  if (!webhook) throw new ApiError(422, NO_WEBHOOK_URL_MESSAGE);
  const deliveryId = randomUUID();
  const body = JSON.stringify(sampleQuotesBody(companyId, deliveryId, new Date()));
  const row = await attemptWebhook(
    db,
    {
      company_id: companyId,
      job_id: null,
      application_id: null,
      event: 'test',
      delivery_id: deliveryId,
      attempt: 1,
      url: webhook.url,
    },
    { url: webhook.url, secret: webhook.secret, body, retryPossible: false },
    logger,
  );
  return deliveryView(row);
}
