/**
 * The customer quotes webhook's console calls (issue 14, docs/api-accounts.md Customer quotes
 * webhook): the delivery log (portal-settings/list-webhook-deliveries), "Send test"
 * (send-test-webhook, answered with the logged attempt) and the secret rotation
 * (rotate-webhook-secret, the new secret answered once).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { type SettingsWithSecretAnswer, updatePortalSettings, withCompany } from './portal-settings-api.ts';

/** One attempt of the customer quotes webhook, as portal-settings/list-webhook-deliveries answers it. */
export type WebhookDelivery = ApiAnswer<'portal-settings/list-webhook-deliveries'>['deliveries'][number];

/** What became of one webhook attempt (docs/api-accounts.md Customer quotes webhook). */
export type WebhookOutcome = WebhookDelivery['outcome'];

/** Attempts the console shows, newest first. */
export const DELIVERY_LOG_LIMIT = 50;

/** The company's latest attempts, newest first. Throws `ApiRequestError` on failure. */
export async function listWebhookDeliveries(companyId: number | null): Promise<WebhookDelivery[]> {
  const data = await documentedData(
    'portal-settings/list-webhook-deliveries',
    withCompany(companyId, { limit: DELIVERY_LOG_LIMIT }),
  );
  return data.deliveries;
}

/** Query options of the delivery log. */
export function webhookDeliveriesQueryOptions(companyId: number | null) {
  return queryOptions({
    queryKey: ['admin', 'webhook-deliveries', companyId ?? 'own'],
    queryFn: () => listWebhookDeliveries(companyId),
  });
}

/** The company's delivery log. */
export function useWebhookDeliveries(companyId: number | null) {
  return useQuery(webhookDeliveriesQueryOptions(companyId));
}

/** Posts the sample body once; the envelope's message says the outcome, `data.delivery` is the logged attempt. */
export function sendTestWebhook(
  companyId: number | null,
): Promise<ApiEnvelope<ApiAnswer<'portal-settings/send-test-webhook'>>> {
  return documentedCall('portal-settings/send-test-webhook', withCompany(companyId, {}), {
    // The outcome is shown next to the button, not as a toast.
    suppressToast: (envelope) => envelope.code === 422,
  });
}

/** Replaces the signing secret; the answer's `webhook_secret` is the only copy. */
export function rotateWebhookSecret(companyId: number | null): SettingsWithSecretAnswer {
  return updatePortalSettings(companyId, 'rotate-webhook-secret', {});
}
