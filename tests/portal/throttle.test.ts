/** The listing's fetch throttle (SPEC §9: 300 ms): leading call, at most one per window, last call kept. */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTING_FETCH_THROTTLE_MS } from '../../portal/lib/constants.ts';
import { throttle } from '../../portal/lib/throttle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs at most once per window, first call at once, and always ends with the last arguments', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 1, maxLength: 30 }), (gaps) => {
        vi.setSystemTime(1_000_000);
        const runs: { at: number; value: number }[] = [];
        const t = throttle(
          (value: number) => runs.push({ at: Date.now(), value }),
          LISTING_FETCH_THROTTLE_MS,
        );
        gaps.forEach((gap, i) => {
          vi.advanceTimersByTime(gap);
          t(i);
        });
        vi.advanceTimersByTime(LISTING_FETCH_THROTTLE_MS);
        expect(runs[0].at).toBe(1_000_000 + gaps[0]);
        expect(runs.at(-1)?.value).toBe(gaps.length - 1);
        for (let i = 1; i < runs.length; i++)
          expect(runs[i].at - runs[i - 1].at).toBeGreaterThanOrEqual(LISTING_FETCH_THROTTLE_MS);
        expect(runs.length).toBeLessThanOrEqual(gaps.length);
        t.cancel();
      }),
    );
  });

  it('collapses a burst of keystrokes into the leading and one trailing call', () => {
    const seen: string[] = [];
    const t = throttle((v: string) => seen.push(v), LISTING_FETCH_THROTTLE_MS);
    for (const v of ['M', 'Ma', 'Mai', 'Main']) {
      t(v);
      vi.advanceTimersByTime(50);
    }
    expect(seen).toEqual(['M']);
    vi.advanceTimersByTime(LISTING_FETCH_THROTTLE_MS);
    expect(seen).toEqual(['M', 'Main']);
  });

  it('cancel drops the pending trailing call', () => {
    const seen: number[] = [];
    const t = throttle((v: number) => seen.push(v), LISTING_FETCH_THROTTLE_MS);
    t(1);
    t(2);
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([1]);
  });
});
