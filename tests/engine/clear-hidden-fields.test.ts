/**
 * The x-clear-when-hidden policy (issue 10 part 7): a field that says so is cleared when an edit
 * hides it; other hidden fields keep their data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearHiddenFields } from '../../engine/clear-hidden-fields.ts';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { basicSet, mainCtx } from './fixtures/basic-set.ts';

// In the basic set, count applies unless kind is 'c' and limit applies unless flag is set.
const set = basicSet();
const sections = set.schemas.map((schema) => schema.properties as Record<string, JsonSchema> | undefined);
const countSchema = sections.find((properties) => properties?.count)?.count;
if (!countSchema) throw new Error('basic set has no count');
countSchema['x-clear-when-hidden'] = true;
const compiled = compileSchemaSet(set);

describe('clearHiddenFields', () => {
  it('clears a flagged field exactly when the edit hides it, and keeps unflagged hidden data', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a', 'b', 'c'),
        fc.constantFrom('a', 'b', 'c'),
        fc.boolean(),
        fc.integer({ min: 1, max: 9 }),
        (kindBefore, kindAfter, flag, count) => {
          const before = { kind: kindBefore, count, flag: false, limit: 10 };
          const after = { ...before, kind: kindAfter, flag };
          const result = clearHiddenFields(compiled, before, after, mainCtx);
          const hidden = kindBefore !== 'c' && kindAfter === 'c';
          expect(result.count).toBe(hidden ? null : count);
          // limit is hidden by flag but does not ask to be cleared.
          expect(result.limit).toBe(10);
          if (!hidden) expect(result).toBe(after);
        },
      ),
    );
  });

  it('lists the flagged fields once, at compile time', () => {
    expect(compiled.clearWhenHidden).toEqual(['count']);
  });
});
