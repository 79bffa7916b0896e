import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { compiledFormFor } from './compiled-form-for.ts';
import type { FormDefinition, RuleContext } from './types.ts';

/**
 * The form of a context: the first `forms[]` entry whose `when` holds over `{ ctx }`.
 * Throws Error('No form for context <json of ctx>') when none does.
 * docs/schema-format.md "Which rules apply" step 2; SPEC §5 Conditional removal (by product).
 */
export function formFor(compiled: CompiledSchemaSet, ctx: RuleContext): FormDefinition {
  return compiledFormFor(compiled, ctx).form;
}
