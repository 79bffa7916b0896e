/**
 * The pre-fill's ownership rule as a property (issue 40; server/services/prefill-document.ts): a
 * field the agent typed (not empty, not the marked value) is never written; an empty field, or
 * one still holding its mark's value, takes the proposal the schema accepts; the input is not
 * changed; every written field is marked and the marks left stand in the document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmptyValue } from '../../../engine/is-empty-value.ts';
import {
  type FieldMark,
  fillOwnedFields,
  ownedByPrefill,
  standingMarks,
} from '../../../server/services/prefill-document.ts';

const FIELDS = ['year_build', 'sqft', 'flood_zone', 'lat', 'county', 'building_limit'] as const;
const value = fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), fc.integer({ min: -5, max: 5 }));
const mark = (source: string) =>
  fc.record({
    value,
    source: fc.constant(source),
    fetched_at: fc.constant('2026-11-25T09:00:00.000Z'),
    estimate: fc.constant(source === 'Estimate'),
  });
const docValue = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.constant('  '),
  fc.constant([]),
  value,
  fc.boolean(),
);

describe('fillOwnedFields', () => {
  it('writes only fields that are empty or still hold its own value, and marks each', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...FIELDS), docValue),
        fc.dictionary(fc.constantFrom(...FIELDS), mark('Sample data')),
        fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(mark('Sample data'), mark('Estimate'))),
        fc.func(fc.boolean()),
        (doc, earlier, proposals, accepts) => {
          const before = structuredClone(doc);
          const state = { doc, marks: earlier as Record<string, FieldMark> };
          const owned = Object.fromEntries(FIELDS.map((field) => [field, ownedByPrefill(state, field)]));
          const next = fillOwnedFields(state, proposals, (field, v) => accepts(field, v));
          expect(doc).toEqual(before);
          for (const field of FIELDS) {
            const typed = !isEmptyValue(doc[field]) && earlier[field]?.value !== doc[field];
            const proposed = Object.hasOwn(proposals, field);
            const same = proposed && proposals[field].value === doc[field];
            expect(owned[field]).toBe(!typed);
            if (typed) expect(next.doc[field]).toBe(doc[field]);
            if (same) {
              // Already holding it: unchanged, only marked.
              expect(next.doc[field]).toBe(doc[field]);
              expect(next.marks[field]).toEqual(proposals[field]);
              expect([next.filled, next.kept].flat()).not.toContain(field);
            } else if (next.filled.includes(field)) {
              expect(owned[field]).toBe(true);
              expect(next.doc[field]).toBe(proposals[field].value);
              expect(next.marks[field]).toEqual(proposals[field]);
            } else if (proposed && !typed) {
              expect(accepts(field, proposals[field].value)).toBe(false);
            }
            if (proposed && typed && !same) {
              expect(next.kept).toContain(field);
              expect(next.marks[field]).toEqual(earlier[field]);
            }
          }
          expect(standingMarks(next.doc, next.marks)).toEqual(
            Object.fromEntries(Object.entries(next.marks).filter(([f, m]) => next.doc[f] === m.value)),
          );
        },
      ),
    );
  });

  it('drops the marks of fields the agent edited', () => {
    const marks = {
      sqft: { value: 1800, source: 'Sample data', fetched_at: '2026-11-25T09:00:00.000Z', estimate: false },
      building_limit: {
        value: 250000,
        source: 'Estimate',
        fetched_at: '2026-11-25T09:00:00.000Z',
        estimate: true,
      },
    };
    expect(Object.keys(standingMarks({ sqft: 1800, building_limit: 200000 }, marks))).toEqual(['sqft']);
  });
});
