import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { isApplicable } from './is-applicable.ts';
import type { Doc, RuleContext } from './types.ts';

/**
 * Applies the `x-clear-when-hidden` policy after an edit: each field whose schema says
 * `"x-clear-when-hidden": true` and that applied to `before` but no longer applies to `after` gets
 * the value null (a cleared answer, so a saved document drops it too); every other hidden field
 * keeps its data, as the engine's default is. Returns `after` itself when nothing is cleared.
 * Throws like formFor when no form matches ctx. Issue 10 part 7; docs/schema-format.md.
 */
export function clearHiddenFields(
  compiled: CompiledSchemaSet,
  before: Doc,
  after: Doc,
  ctx: RuleContext,
): Doc {
  let cleared: Doc | undefined;
  for (const field of compiled.clearWhenHidden) {
    if (after[field] === null || after[field] === undefined) continue;
    if (isApplicable(compiled, field, before, ctx) && !isApplicable(compiled, field, after, ctx)) {
      cleared ??= { ...after };
      cleared[field] = null;
    }
  }
  return cleared ?? after;
}
