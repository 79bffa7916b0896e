/**
 * A company's customer quotes webhook (docs/api-accounts.md Customer quotes webhook): its https
 * URL and signing secret, the secret generated with the first URL and rotated on request, answered
 * once and never stored in an answer (docs/decisions/221-webhook-signature-and-secret.md).
 */
import { ApiError } from '../../http/api-error.ts';
import { isAllowedHost } from '../../outbound/outbound-guard.ts';
import { newWebhookSecret } from '../../webhooks/webhook-signature.ts';
import type { SettingsChange, StoredSettings } from './stored-settings.ts';

export const WEBHOOK_HTTPS_MESSAGE = 'The webhook URL must use https.';

/**
 * The company's customer quotes webhook: its URL and signing secret (null when none is stored),
 * or null when no URL is set. For the webhook job only: the secret is never answered.
 */
export function companyWebhook(
  settings: Record<string, unknown> | null,
): { url: string; secret: string | null } | null {
  const s = (settings ?? {}) as StoredSettings;
  return s.customer_quotes_webhook_url
    ? { url: s.customer_quotes_webhook_url, secret: s.customer_quotes_webhook_secret ?? null }
    : null;
}

/**
 * Webhook URL update (checked by checkWebhookUrl). The first URL saved without a stored secret
 * generates one (`secret`, to answer once); removing the URL keeps the secret for the next one.
 * docs/decisions/221-webhook-signature-and-secret.md.
 */
export function webhookChange(
  current: StoredSettings,
  url: string | null,
): SettingsChange & { secret: string | null } {
  checkWebhookUrl(url);
  const secret = url !== null && !current.customer_quotes_webhook_secret ? newWebhookSecret() : null;
  return {
    settings: {
      ...current,
      customer_quotes_webhook_url: url,
      ...(secret ? { customer_quotes_webhook_secret: secret } : {}),
    },
    secret,
  };
}

/** A new webhook signing secret replacing the stored one; `secret` is answered once. */
export function webhookSecretRotation(current: StoredSettings): SettingsChange & { secret: string } {
  const secret = newWebhookSecret();
  return { settings: { ...current, customer_quotes_webhook_secret: secret }, secret };
}

/**
 * Throws 422 WEBHOOK_HTTPS_MESSAGE unless `url` is null or an absolute https URL with a host
 * (http too for a host of OUTBOUND_ALLOWED_HOSTS, a local receiver in development and tests).
 */
export function checkWebhookUrl(url: string | null): void {
  if (url === null) return;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  const https =
    parsed?.protocol === 'https:' || (parsed?.protocol === 'http:' && isAllowedHost(parsed.hostname));
  if (!parsed || !https || parsed.hostname === '') {
    throw new ApiError(422, WEBHOOK_HTTPS_MESSAGE, { customer_quotes_webhook_url: WEBHOOK_HTTPS_MESSAGE });
  }
}
