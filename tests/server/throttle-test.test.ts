/**
 * SPEC §7's throttle test helper (ADR 333): GET /api/test/throttle repeated 120 times by default
 * against a listening server answers 60 times 200 and then 429 with the envelope, THROTTLED_MESSAGE
 * and retry-after; each caller (IP) has its own counter; it needs no session and stores nothing.
 * The route touches no database, so PGlite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_TEST_LIMIT, THROTTLED_MESSAGE } from '../../server/routes/throttle-test-route.ts';
import { repeatThrottleCall, THROTTLE_TEST_CALLS } from '../../server/throttle-test.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe('GET /api/test/throttle', () => {
  let t: TestApp;
  let apiBase = '';
  beforeAll(async () => {
    t = await startTestApp('pglite');
    apiBase = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const inject = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/test/throttle', remoteAddress });

  it('repeated 120 times by default: the first 60 pass, the rest are throttled', async () => {
    expect(THROTTLE_TEST_CALLS).toBe(120);
    expect(DEFAULT_THROTTLE_TEST_LIMIT).toEqual({ max: 60, timeWindowMs: 60_000 });
    const users = await t.count('users');
    expect(await repeatThrottleCall(apiBase)).toEqual({ 200: 60, 429: 60 });
    expect(await t.count('users')).toBe(users);
  });

  it('answers the envelope either way, with retry-after when throttled, per caller', async () => {
    const first = await inject('10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'success',
      code: 200,
      message: 'Not throttled.',
      data: { limit: 60, window_ms: 60_000 },
      error_obj: null,
    });
    for (let i = 1; i < 60; i += 1) expect((await inject('10.0.0.1')).statusCode).toBe(200);
    const refused = await inject('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, message: THROTTLED_MESSAGE, data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller has its own count.
    expect((await inject('10.0.0.2')).statusCode).toBe(200);
  });
});
