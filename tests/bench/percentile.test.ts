import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownTable, ratio } from './markdown-table.ts';
import { percentile } from './percentile.ts';

describe('percentile (nearest rank)', () => {
  it('is one of the samples, with at least p% of them at or below it and fewer below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 100 }),
        (samples, p) => {
          const value = percentile(samples, p);
          expect(samples).toContain(value);
          const atOrBelow = samples.filter((s) => s <= value).length;
          const below = samples.filter((s) => s < value).length;
          expect(atOrBelow / samples.length).toBeGreaterThanOrEqual(p / 100);
          expect(below / samples.length).toBeLessThan(p / 100);
        },
      ),
    );
  });

  it('gives the median, the 99th and the maximum of 1..100, and NaN for no samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('markdownTable and ratio', () => {
  it('right-aligns the columns whose header ends with a colon', () => {
    expect(markdownTable(['name', 'ms:'], [['a', '1.0']])).toBe('| name | ms |\n| --- | ---: |\n| a | 1.0 |');
  });

  it('prints ratios with two digits below 1, one below 10, none above, n/a without a baseline', () => {
    expect([ratio(1, 4), ratio(3, 2), ratio(250, 2), ratio(1, 0), ratio(undefined, 2)]).toEqual([
      '0.25x',
      '1.5x',
      '125x',
      'n/a',
      'n/a',
    ]);
  });
});
