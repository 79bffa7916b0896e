import type { CompiledSchemaSet } from './compile-schema-set.ts';
import type { Doc, RuleContext, ValidationMessage } from './types.ts';
import { validateDocument } from './validate-document.ts';

/**
 * validateDocument restricted to the fields of `set.field_groups[group]` (still in form order;
 * group fields not in the ctx's form are not applicable and yield nothing).
 * Throws Error('Unknown field group "<group>"'). SPEC §5 Cross rules ("The address-only check
 * covers address1, city, state, zip, lat, lng").
 */
export function validateFieldGroup(
  compiled: CompiledSchemaSet,
  group: string,
  doc: Doc,
  ctx: RuleContext,
): ValidationMessage[] {
  const fields = Object.hasOwn(compiled.set.field_groups ?? {}, group)
    ? compiled.set.field_groups[group]
    : undefined;
  if (!fields) throw new Error(`Unknown field group "${group}"`);
  return validateDocument(compiled, doc, ctx, { fields });
}
