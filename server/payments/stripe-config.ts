/**
 * Deployment settings of payments with Stripe (issue 16), read from the environment once at build
 * time (docs/configuration.md); tests override them through buildApp's `stripe` option.
 * docs/decisions/280-payments-with-stripe-checkout.md.
 */
import Stripe from 'stripe';
import type { Settings } from '../settings/settings.ts';

export interface StripeConfig {
  /** Secret API key (STRIPE_SECRET_KEY, `sk_live_...` or `sk_test_...`), or null: no payments. */
  secretKey: string | null;
  /** Signing secret of the webhook endpoint (STRIPE_WEBHOOK_SECRET, `whsec_...`), or null. */
  webhookSecret: string | null;
  /** Plan id -> Stripe recurring price id (STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO, ...). */
  prices: Record<string, string>;
  /** Origin of Stripe's API (STRIPE_API_BASE_URL, default https://api.stripe.com; tests: a local fake). */
  apiBaseUrl: string;
  /** Longest wait for one Stripe API answer, in ms (STRIPE_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
}

/**
 * The config of `settings`; a price is read for each of `planIds` (STRIPE_PRICE_<ID in upper
 * case>, each declared in server/settings/setting-declarations.ts).
 */
export function stripeConfigFromEnv(planIds: readonly string[], settings: Settings): StripeConfig {
  const prices: Record<string, string> = {};
  for (const id of planIds) {
    const price = (settings as Record<string, unknown>)[`STRIPE_PRICE_${id.toUpperCase()}`];
    if (typeof price === 'string') prices[id] = price;
  }
  return {
    secretKey: settings.STRIPE_SECRET_KEY ?? null,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET ?? null,
    prices,
    apiBaseUrl: settings.STRIPE_API_BASE_URL,
    timeoutMs: settings.STRIPE_TIMEOUT_MS,
  };
}

/**
 * Stripe's client for `config`, or null unless both the secret key and the webhook secret are
 * set (self-service plan changes need both: the payment, then the signed event that applies it).
 * No automatic retries: a failed call is answered as 502 and the admin tries again.
 */
export function createStripeClient(config: StripeConfig): Stripe | null {
  if (!config.secretKey || !config.webhookSecret) return null;
  const base = new URL(config.apiBaseUrl);
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
    timeout: config.timeoutMs,
    telemetry: false,
  });
}
