import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { typeCheckMessage } from './type-check-message.ts';
import type { Doc, ValidationMessage } from './types.ts';

/**
 * The JSON Schema checks (type, options, format, ranges) of every field present in `doc`, in the
 * document's key order, for saving a draft: no required checks, no rules, no applicability.
 * null, undefined and "" pass for any field. A key the model does not have gives
 * `{ rule_id: "unknown-field", message: "Unknown field <key>" }`. Other messages as in
 * validateDocument's type check (rule_id `type:<field>`). SPEC §7 update-application.
 */
export function validateTypes(compiled: CompiledSchemaSet, doc: Doc): ValidationMessage[] {
  const messages: ValidationMessage[] = [];
  for (const [field, value] of Object.entries(doc)) {
    const validator = Object.hasOwn(compiled.validators, field) ? compiled.validators[field] : undefined;
    if (!validator) {
      messages.push({
        field,
        rule_id: 'unknown-field',
        message: `Unknown field ${field}`,
        values: { [field]: value },
      });
      continue;
    }
    if (value === null || value === undefined || value === '') continue;
    if (!validator(value)) messages.push(typeCheckMessage(compiled, field, value, validator.errors?.[0]));
  }
  return messages;
}
