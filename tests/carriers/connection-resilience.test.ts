import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from '../../server/quoting/http/circuit-breaker.ts';
import { createConcurrencyLimit, perProcessLimit } from '../../server/quoting/http/concurrency-limit.ts';
import { MASK, maskSecrets } from '../../server/quoting/http/mask-secrets.ts';
import { retryAfterMs } from '../../server/quoting/http/retry-after.ts';

describe('createCircuitBreaker', () => {
  it('opens after the failures in a row, half-opens for one trial, and closes on its success', () => {
    let now = 0;
    const breaker = createCircuitBreaker(2, 1000, () => now);
    breaker.failure();
    breaker.success();
    breaker.failure();
    expect(breaker.blockedUntil()).toBeNull();
    breaker.failure();
    expect(breaker.blockedUntil()).toBe(1000);
    now = 1000;
    expect(breaker.blockedUntil()).toBeNull();
    expect(breaker.blockedUntil()).toBe(1000);
    breaker.failure();
    expect(breaker.blockedUntil()).toBe(2000);
    now = 2000;
    expect(breaker.blockedUntil()).toBeNull();
    breaker.success();
    expect(breaker.blockedUntil()).toBeNull();
    expect(breaker.blockedUntil()).toBeNull();
  });
});

describe('createConcurrencyLimit', () => {
  it('runs at most max tasks at once, the rest in arrival order, and drops a waiter whose signal aborts', async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running -= 1;
      return n;
    };
    const aborted = new AbortController();
    const all = [1, 2, 3, 4].map((n) => limit.run(task(n), new AbortController().signal));
    const dropped = limit.run(task(99), aborted.signal);
    aborted.abort(new Error('gone'));
    await expect(dropped).rejects.toThrow('gone');
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).not.toContain(99);
  });
});

describe('a connection limit shared by the server processes (ADR 381)', () => {
  it('gives each process its share, at least 1, never more than the whole in total when it divides', () => {
    expect(perProcessLimit(4, 1)).toBe(4);
    expect(perProcessLimit(4, 2)).toBe(2);
    expect(perProcessLimit(4, 3)).toBe(1);
    expect(perProcessLimit(2, 4)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (max, processes) => {
        const share = perProcessLimit(max, processes);
        expect(share).toBeGreaterThanOrEqual(1);
        expect(share * processes).toBeLessThanOrEqual(Math.max(max, processes));
      }),
    );
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, never negative, with the fallback otherwise', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs('3', 1000, now)).toBe(3000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:05 GMT', 1000, now)).toBe(5000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', 1000, now)).toBe(0);
    expect(retryAfterMs(null, 1000, now)).toBe(1000);
    expect(retryAfterMs('soon', 1000, now)).toBe(1000);
  });
});

describe('maskSecrets', () => {
  it('masks a secret that masking another one forms again', () => {
    expect(maskSecrets('xy', ['x********', 'y'])).toBe(MASK);
  });

  it('leaves no secret in the text (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }), (text, secrets) => {
        const masked = maskSecrets(`${text}${secrets.join(' ')}`, secrets);
        for (const secret of secrets) {
          if (!MASK.includes(secret)) expect(masked).not.toContain(secret);
        }
      }),
    );
  });
});
