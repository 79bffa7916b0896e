/**
 * The per-key rate limit of partner API keys (issue 16): every /api call with a Bearer key counts
 * against that key's window, before authentication, so a flood with an unknown key is refused as
 * cheaply as one with a good key. Calls without a key are not counted here (login and
 * forgot-password keep their own limits). docs/decisions/293-partner-key-rate-limit.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashCredentialSecret } from '../services/api-credentials-service.ts';
import { ApiError } from './api-error.ts';
import { bearerSecretOf } from './authenticate-hook.ts';

export interface PartnerRateLimit {
  /** Calls one key may make within the window. */
  max: number;
  /** Window length in ms. */
  timeWindowMs: number;
}

/** 120 calls per minute per key: a partner's batch sync, not a flood. */
export const DEFAULT_PARTNER_RATE_LIMIT: PartnerRateLimit = { max: 120, timeWindowMs: 60_000 };

export const PARTNER_RATE_LIMITED_MESSAGE = 'Too many requests with this API key. Try again later.';

/**
 * Adds the onRequest hook to `app` (after @fastify/rate-limit is registered). A refused call
 * answers 429 PARTNER_RATE_LIMITED_MESSAGE with `retry-after` in seconds; every counted call
 * carries `x-ratelimit-limit` and `x-ratelimit-remaining`.
 */
export function addPartnerRateLimit(app: FastifyInstance, limit: PartnerRateLimit): void {
  // createRateLimit (not rateLimit) leaves the request's "limited" flag alone, so a route's own
  // limit (login) still applies to a call that also carries a key.
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    // The key's hash, never the secret itself, names its counter.
    keyGenerator: (request) => `partner|${hashCredentialSecret(bearerSecretOf(request) ?? '')}`,
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/') || bearerSecretOf(request) === null) return;
    const result = await check(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    if (result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new ApiError(429, PARTNER_RATE_LIMITED_MESSAGE);
    }
  });
}
