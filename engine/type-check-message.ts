import type { ErrorObject } from 'ajv';
import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { fieldLabel } from './field-label.ts';
import { formatParam } from './format-param.ts';
import { renderTemplate } from './render-template.ts';
import type { JsonSchema, ValidationMessage } from './types.ts';

/** Keywords whose failure means "not one of the listed options". */
const OPTION_KEYWORDS = new Set(['enum', 'const', 'oneOf', 'anyOf']);
const NUMBER_TYPES = new Set(['number', 'integer']);

/**
 * The message of a failed JSON Schema check of one field (rule_id `type:<field>`), chosen from
 * `set.messages` by the Ajv keyword that failed: a non-number in a number field -> `numeric`;
 * minimum/maximum (exclusive too) -> `between` with {min} {max} (`minimum`/`maximum` when only one
 * bound exists and that message is defined); minLength/maxLength -> `min_length` {min} /
 * `max_length` {max}; format email -> `email`; enum/const/oneOf/anyOf (on items too) ->
 * `invalid_option`; multipleOf -> `multiple_of` {step}; anything else -> `invalid`. A missing
 * message falls back to `invalid`, then `fallback`. A field's `x-messages` may name another key
 * for any of these (`{"numeric": "year_must_be_numeric"}`). Bounds of an `x-widget: money` field are
 * shown as currency. `values` = { [field]: value, ...the params shown }. SPEC §5 library messages.
 */
export function typeCheckMessage(
  compiled: CompiledSchemaSet,
  field: string,
  value: unknown,
  error: ErrorObject | undefined,
): ValidationMessage {
  const schema = compiled.properties[field] ?? {};
  const money = schema['x-widget'] === 'money';
  const params: Record<string, unknown> = {};
  let key = 'invalid';
  const keyword = error?.keyword ?? '';
  const at = error ? schemaAt(schema, error.schemaPath) : schema;
  if (keyword === 'type') {
    const types = Array.isArray(at.type) ? at.type : [at.type];
    key = types.some((t) => NUMBER_TYPES.has(String(t))) ? 'numeric' : 'invalid';
  } else if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].includes(keyword)) {
    const min = at.minimum ?? at.exclusiveMinimum;
    const max = at.maximum ?? at.exclusiveMaximum;
    if (min !== undefined) params.min = min;
    if (max !== undefined) params.max = max;
    key = 'between';
    if (max === undefined && compiled.set.messages.minimum !== undefined) key = 'minimum';
    if (min === undefined && compiled.set.messages.maximum !== undefined) key = 'maximum';
  } else if (keyword === 'minLength') {
    key = 'min_length';
    params.min = at.minLength;
  } else if (keyword === 'maxLength') {
    key = 'max_length';
    params.max = at.maxLength;
  } else if (keyword === 'format') {
    key = at.format === 'email' ? 'email' : 'invalid';
  } else if (OPTION_KEYWORDS.has(keyword)) {
    key = 'invalid_option';
  } else if (keyword === 'multipleOf') {
    key = 'multiple_of';
    params.step = at.multipleOf;
  }
  const messages = compiled.set.messages;
  const override = (schema['x-messages'] as Record<string, string> | undefined)?.[key];
  const template = messages[override ?? key] ?? messages.invalid ?? messages.fallback;
  const texts: Record<string, string> = { ...fieldLabel(compiled, field) };
  for (const [name, param] of Object.entries(params)) {
    texts[name] = formatParam(param, money ? 'currency' : undefined);
  }
  return {
    field,
    rule_id: `type:${field}`,
    message: renderTemplate(template, texts),
    values: { [field]: value, ...params },
  };
}

/** The sub-schema holding the failed keyword, from Ajv's "#/items/minimum"-style schema path. */
function schemaAt(schema: JsonSchema, schemaPath: string): JsonSchema {
  const parts = schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1);
  let current: unknown = schema;
  for (const part of parts) {
    if (current === null || typeof current !== 'object') return schema;
    current = (current as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return current !== null && typeof current === 'object' ? (current as JsonSchema) : schema;
}
