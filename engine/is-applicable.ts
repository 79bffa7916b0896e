import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { compiledFormFor } from './compiled-form-for.ts';
import { isTruthy } from './is-truthy.ts';
import type { Doc, RuleContext } from './types.ts';

/**
 * True when `field` is shown for this document: it is in the ctx's form and its
 * `applicability` condition (if any) holds over `{ doc, ctx }`. A field not applicable is
 * hidden, its rules dropped, its data kept. Throws like formFor when no form matches ctx.
 * SPEC §5 Conditional removal; docs/schema-format.md step 2.
 */
export function isApplicable(
  compiled: CompiledSchemaSet,
  field: string,
  doc: Doc,
  ctx: RuleContext,
): boolean {
  const form = compiledFormFor(compiled, ctx);
  if (!form.members.has(field)) return false;
  const condition = compiled.applicability.get(field);
  return condition === undefined || isTruthy(condition({ doc, ctx }));
}
