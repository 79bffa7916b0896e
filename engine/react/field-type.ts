import type { JsonSchema } from '../types.ts';

/** The JSON types a form field can be rendered as. */
export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

/**
 * The single JSON type a field schema is rendered as: its `type` (the first non-null one of a
 * type list), else inferred from its option values, else "string".
 */
export function fieldType(schema: JsonSchema): FieldType {
  const declared = schema.type;
  const types = (Array.isArray(declared) ? declared : [declared]).filter(
    (t): t is FieldType => typeof t === 'string' && t !== 'null',
  );
  if (types.length > 0) return types[0];
  const values = Array.isArray(schema.enum)
    ? schema.enum
    : ((schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined)?.map((alt) => alt.const);
  const first = values?.find((v) => v !== null && v !== undefined);
  if (typeof first === 'number') return Number.isInteger(first) ? 'integer' : 'number';
  if (typeof first === 'boolean') return 'boolean';
  return 'string';
}
