/**
 * byteRangeOf (ADR 261): the one range a GET answers, as RFC 9110 §14 reads a Range header.
 * Examples of each form, and properties: a satisfiable range lies inside the body and is what
 * its spec asks; a first byte at or past the end is unsatisfiable.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteRangeOf } from '../../../server/http/byte-range.ts';

describe('byteRangeOf', () => {
  it('reads a-b, a-, the suffix -n, and clips the end to the last byte', () => {
    expect(byteRangeOf('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRangeOf('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(byteRangeOf('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRangeOf('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRangeOf('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(byteRangeOf(' Bytes = 1-1 ', 1000)).toEqual({ start: 1, end: 1 });
  });

  it('is unsatisfiable past the end, for an empty suffix and for an empty body', () => {
    expect(byteRangeOf('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=1000-1001', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=99999999999999999999-', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=0-', 0)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-1', 0)).toBe('unsatisfiable');
  });

  it('asks for the whole body without a header, for another unit, a malformed, reversed or multiple range', () => {
    for (const header of [
      undefined,
      '',
      'items=0-1',
      'bytes=',
      'bytes=-',
      'bytes=a-b',
      'bytes=5-2',
      'bytes=0-1,4-5',
      'bytes=1.5-2',
    ])
      expect(byteRangeOf(header, 1000), String(header)).toBeNull();
  });

  it('answers a range inside the body that starts and ends where the spec says', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.nat(), fc.option(fc.nat()), (size, first, last) => {
        const header = `bytes=${first}-${last ?? ''}`;
        const range = byteRangeOf(header, size);
        if (last !== null && last < first) expect(range).toBeNull();
        else if (first >= size) expect(range).toBe('unsatisfiable');
        else expect(range).toEqual({ start: first, end: Math.min(last ?? size - 1, size - 1) });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 2e9 }), (size, suffix) => {
        const range = byteRangeOf(`bytes=-${suffix}`, size);
        expect(range).toEqual({ start: Math.max(0, size - suffix), end: size - 1 });
      }),
    );
  });
});
