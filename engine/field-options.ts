import type { JsonSchema } from './types.ts';

/** One choice of an option list: the stored value and the label shown. */
export interface FieldOption {
  value: unknown;
  label: string;
}

/**
 * The option list of a field schema, or undefined when the field is free input.
 * Reads `enum` (label = the value as text) or `oneOf`/`anyOf` entries holding a `const`
 * (label = the entry's `title`, else the value); for an array field, the same on `items`.
 * Generic support for schema-format option lists (docs/schema-format.md).
 */
export function fieldOptions(schema: JsonSchema): FieldOption[] | undefined {
  if (Array.isArray(schema.enum)) {
    return schema.enum.map((value) => ({ value, label: String(value) }));
  }
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0 && alternatives.every((alt) => 'const' in alt)) {
    return alternatives.map((alt) => ({
      value: alt.const,
      label: typeof alt.title === 'string' ? alt.title : String(alt.const),
    }));
  }
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object') {
    return fieldOptions(schema.items as JsonSchema);
  }
  return undefined;
}
