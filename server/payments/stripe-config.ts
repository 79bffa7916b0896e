/**
 * Deployment settings of payments with Stripe (issue 16), read from the environment once at build
 * time (README Environment); tests override them through buildApp's `stripe` option.
 * docs/decisions/280-payments-with-stripe-checkout.md.
 */
import Stripe from 'stripe';

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

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The config of `env`; a price is read for each of `planIds` (STRIPE_PRICE_<ID in upper case>). */
export function stripeConfigFromEnv(
  planIds: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): StripeConfig {
  const prices: Record<string, string> = {};
  for (const id of planIds) {
    const price = nonEmpty(env[`STRIPE_PRICE_${id.toUpperCase()}`]);
    if (price) prices[id] = price;
  }
  return {
    secretKey: nonEmpty(env.STRIPE_SECRET_KEY),
    webhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
    prices,
    apiBaseUrl: nonEmpty(env.STRIPE_API_BASE_URL) ?? 'https://api.stripe.com',
    timeoutMs: Number(env.STRIPE_TIMEOUT_MS ?? 10_000) || 10_000,
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
