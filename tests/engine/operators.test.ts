import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateLogic } from '../../engine/evaluate-logic.ts';
import { operators } from '../../engine/operators.ts';

const run = (op: string, ...args: unknown[]) => evaluateLogic({ [op]: args }, {});

describe('operators', () => {
  it('registers exactly the documented operators', () => {
    expect(Object.keys(operators).sort()).toEqual(
      [
        'days_between',
        'is_email',
        'is_empty',
        'is_numeric',
        'length',
        'matches',
        'strict_number',
        'to_number',
      ].sort(),
    );
  });

  it('length: string and array length, number text length, 0 otherwise', () => {
    expect(evaluateLogic({ length: { var: 'a' } }, { a: 'abcd' })).toBe(4);
    expect(evaluateLogic({ length: { var: 'a' } }, { a: [1, 2] })).toBe(2);
    expect(evaluateLogic({ length: { var: 'a' } }, { a: 1990 })).toBe(4);
    expect(evaluateLogic({ length: { var: 'a' } }, {})).toBe(0);
    expect(run('length', null)).toBe(0);
    expect(run('length', { x: 1, y: 2 })).toBe(0);
  });

  it('is_empty: null, undefined, blank string, []', () => {
    for (const value of [null, '', '  ', []]) expect(run('is_empty', value)).toBe(true);
    expect(evaluateLogic({ is_empty: { var: 'missing' } }, {})).toBe(true);
    for (const value of [0, false, 'a', ['a']]) expect(run('is_empty', value)).toBe(false);
  });

  it('is_email', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.test']) expect(run('is_email', ok)).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.d', '@b.co', 'a@@b.co', 'a@b.', null, 5])
      expect(run('is_email', bad)).toBe(false);
  });

  it('is_numeric: digits-only strings and finite numbers', () => {
    for (const ok of ['0', '1990', 12, 1.5, -3]) expect(run('is_numeric', ok)).toBe(true);
    for (const bad of ['', '12a', '1.5', '-3', ' 12', null, Number.NaN, true])
      expect(run('is_numeric', bad)).toBe(false);
  });

  it('matches: regex source over the value as text', () => {
    expect(run('matches', 'ABC', '^[A-Z]{3}$')).toBe(true);
    expect(run('matches', 123, '^\\d+$')).toBe(true);
    expect(run('matches', 'abc', '^[A-Z]{3}$')).toBe(false);
    expect(run('matches', null, '.*')).toBe(false);
    expect(run('matches', 'x', '([')).toBe(false);
    expect(run('matches', { a: 1, b: 2 }, '.*')).toBe(false);
  });

  it('to_number and strict_number', () => {
    expect(run('to_number', ' 12.5 ')).toBe(12.5);
    expect(run('to_number', 7)).toBe(7);
    for (const bad of ['', 'x', null, true, Number.POSITIVE_INFINITY]) {
      expect(run('to_number', bad)).toBeNull();
      expect(run('strict_number', bad)).toBeNaN();
    }
    expect(run('strict_number', '3')).toBe(3);
  });

  it('days_between: whole calendar days from A to B', () => {
    expect(run('days_between', '2026-01-01', '2026-03-01')).toBe(59);
    expect(run('days_between', '2024-01-01', '2024-03-01')).toBe(60);
    expect(run('days_between', '2026-03-01T23:00:00Z', '2026-03-02')).toBe(1);
    expect(run('days_between', '2026-03-02', '2026-03-01')).toBe(-1);
    expect(run('days_between', '2026-02-30', '2026-03-01')).toBeNull();
    expect(run('days_between', null, '2026-03-01')).toBeNull();
  });

  it('days_between agrees with date arithmetic (property)', () => {
    const day = fc.integer({ min: -20_000, max: 40_000 });
    fc.assert(
      fc.property(day, day, (a, b) => {
        const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
        expect(run('days_between', iso(a), iso(b))).toBe(b - a);
      }),
    );
  });

  it('is_numeric holds for every digit string and to_number reads it back (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,15}$/), (digits) => {
        expect(run('is_numeric', digits)).toBe(true);
        expect(run('to_number', digits)).toBe(Number(digits));
      }),
    );
  });
});
