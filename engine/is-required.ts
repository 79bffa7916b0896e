import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { compiledFormFor } from './compiled-form-for.ts';
import { isApplicable } from './is-applicable.ts';
import type { Doc, RuleContext } from './types.ts';

/**
 * True when `field` must be filled: applicable (isApplicable) and not in the form's `optional`.
 * Throws like formFor when no form matches ctx. SPEC §5 Field rules ("Each field is required
 * unless noted").
 */
export function isRequired(compiled: CompiledSchemaSet, field: string, doc: Doc, ctx: RuleContext): boolean {
  return isApplicable(compiled, field, doc, ctx) && !compiledFormFor(compiled, ctx).optional.has(field);
}
