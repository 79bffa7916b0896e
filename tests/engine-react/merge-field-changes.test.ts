import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeFieldChanges } from '../../engine/react/merge-field-changes.ts';

const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const keys = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const doc = fc.dictionary(keys, value);

describe('mergeFieldChanges', () => {
  it('copies only the form fields that differ, turning a cleared value into null', () => {
    const { doc: merged, changed } = mergeFieldChanges(
      { a: 'x', b: 1, hidden: 'keep' },
      { a: 'y', b: 1, hidden: 'rjsf dropped it' },
      ['a', 'b'],
    );
    expect(changed).toEqual(['a']);
    expect(merged).toEqual({ a: 'y', b: 1, hidden: 'keep' });
    expect(mergeFieldChanges({ a: 'x' }, {}, ['a']).doc).toEqual({ a: null });
  });

  it('never touches a key outside the form fields, and changes nothing when nothing differs', () => {
    fc.assert(
      fc.property(doc, doc, fc.uniqueArray(keys), (current, reported, picked) => {
        const fields: string[] = picked;
        const { doc: merged, changed } = mergeFieldChanges(current, reported, fields);
        for (const key of Object.keys(current)) {
          if (!fields.includes(key)) expect(Object.is(merged[key], current[key])).toBe(true);
        }
        for (const key of changed) {
          expect(fields).toContain(key);
          expect(merged[key]).toEqual(reported[key] === undefined ? null : reported[key]);
        }
        if (changed.length === 0) expect(merged).toBe(current);
        // Re-reporting the merged document is a no-op.
        expect(mergeFieldChanges(merged, merged, fields).changed).toEqual([]);
      }),
    );
  });
});
