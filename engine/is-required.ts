import type { CompiledForm, CompiledSchemaSet } from './compile-schema-set.ts';
import { compiledFormFor } from './compiled-form-for.ts';
import { isApplicable } from './is-applicable.ts';
import { isTruthy } from './is-truthy.ts';
import type { Doc, RuleContext } from './types.ts';

/**
 * True when `field` must be filled: applicable (isApplicable) and either not in the form's
 * `optional` or made required by its `required_when` condition. Throws like formFor when no form
 * matches ctx. SPEC §5 Field rules ("Each field is required unless noted"); issue 10 `required_when`.
 */
export function isRequired(compiled: CompiledSchemaSet, field: string, doc: Doc, ctx: RuleContext): boolean {
  return (
    isApplicable(compiled, field, doc, ctx) &&
    requiredInForm(compiled, compiledFormFor(compiled, ctx), field, { doc, ctx })
  );
}

/**
 * True when `form` requires `field` for this document, applicability aside: not listed in `optional`,
 * or its `required_when` holds over `{ doc, ctx }`. The one place validation and the form's required
 * marker decide it. docs/schema-format.md step 3.
 */
export function requiredInForm(
  compiled: CompiledSchemaSet,
  form: CompiledForm,
  field: string,
  data: { doc: Doc; ctx: RuleContext },
): boolean {
  if (!form.optional.has(field)) return true;
  const condition = compiled.requiredWhen.get(field);
  return condition !== undefined && isTruthy(condition(data));
}
