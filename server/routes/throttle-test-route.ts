/**
 * GET /api/test/throttle (SPEC §7 "a test helper, repeated 120 times by default"): a call that
 * does nothing but count against a per-caller (IP) rate limit, so the throttling in front of the
 * API can be seen working: repeated 120 times (server/throttle-test.ts, `npm run throttle:test`)
 * within a minute, the first `max` (60) answer 200 and the rest 429 THROTTLED_MESSAGE with
 * `retry-after` in seconds. No session, no body, nothing stored.
 * docs/decisions/333-throttle-test-helper.md.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { envelopeSchema, success } from '../http/envelope.ts';

export interface ThrottleTestLimit {
  /** Calls one caller (IP) may make within the window. */
  max: number;
  /** Window length in ms. */
  timeWindowMs: number;
}

/** 60 calls a minute: half of the helper's 120, so one run shows both answers. */
export const DEFAULT_THROTTLE_TEST_LIMIT: ThrottleTestLimit = { max: 60, timeWindowMs: 60_000 };

export const THROTTLED_MESSAGE = 'Too many requests. Try again later.';

/** Registers the route on `app` (needs @fastify/rate-limit registered first). */
export async function throttleTestRoute(app: FastifyInstance, options: { limit: ThrottleTestLimit }) {
  const { max, timeWindowMs } = options.limit;
  app.get(
    '/api/test/throttle',
    {
      schema: { tags: ['utility'], response: { default: envelopeSchema } },
      config: {
        rateLimit: {
          max,
          timeWindow: timeWindowMs,
          keyGenerator: (request) => `throttle-test|${request.ip}`,
          errorResponseBuilder: () => new ApiError(429, THROTTLED_MESSAGE),
        },
      },
    },
    async () => success('Not throttled.', { limit: max, window_ms: timeWindowMs }),
  );
}
