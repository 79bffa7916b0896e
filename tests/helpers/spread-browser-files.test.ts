/** The test files' order of ADR 420: browser journeys spread evenly among the other files. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadAmong } from './spread-browser-files.ts';

describe('spreadAmong', () => {
  it('keeps every file once, each kind in its own order, with at most ceil(others / browser) between journeys', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(200), (browserCount, otherCount) => {
        const browser = Array.from({ length: browserCount }, (_, i) => `e2e-${i}`);
        const others = Array.from({ length: otherCount }, (_, i) => `unit-${i}`);
        const spread = spreadAmong(browser, others);
        expect([...spread].sort()).toEqual([...browser, ...others].sort());
        expect(spread.filter((file) => file.startsWith('e2e-'))).toEqual(browser);
        expect(spread.filter((file) => file.startsWith('unit-'))).toEqual(others);
        if (browserCount === 0) return;
        const limit = Math.ceil(otherCount / browserCount);
        const positions = spread.flatMap((file, index) => (file.startsWith('e2e-') ? [index] : []));
        expect(positions[0]).toBe(0);
        for (let i = 1; i < positions.length; i += 1)
          expect(positions[i] - positions[i - 1] - 1).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('puts a journey first, then the next others, for 3 journeys among 7 files', () => {
    expect(spreadAmong(['a', 'b', 'c'], ['1', '2', '3', '4', '5', '6', '7'])).toEqual([
      'a',
      '1',
      '2',
      '3',
      'b',
      '4',
      '5',
      '6',
      'c',
      '7',
    ]);
  });
});
