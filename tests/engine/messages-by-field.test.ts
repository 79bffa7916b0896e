import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messagesByField } from '../../engine/messages-by-field.ts';
import type { ValidationMessage } from '../../engine/types.ts';

const message = (field: string, text: string): ValidationMessage => ({
  field,
  rule_id: text,
  message: text,
  values: {},
});

describe('messagesByField', () => {
  it('keeps the first message of each field, in order of appearance', () => {
    const out = messagesByField([message('b', 'b1'), message('a', 'a1'), message('b', 'b2')]);
    expect(out).toEqual({ b: 'b1', a: 'a1' });
    expect(Object.keys(out)).toEqual(['b', 'a']);
  });

  it('is empty for no messages and copes with prototype names', () => {
    expect(messagesByField([])).toEqual({});
    expect(messagesByField([message('constructor', 'c'), message('constructor', 'd')])).toEqual({
      constructor: 'c',
    });
  });

  it('maps each field to its first message (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.string())), (pairs) => {
        const out = messagesByField(pairs.map(([f, t]) => message(f, t)));
        for (const field of ['a', 'b', 'c']) {
          expect(out[field]).toBe(pairs.find(([f]) => f === field)?.[1]);
        }
      }),
    );
  });
});
