/**
 * A small example value of a JSON Schema, for the OpenAPI document's request and answer examples
 * (issue 21). Objects get their required properties (and `session_key` when declared); each value
 * comes from the schema's `examples`, `default`, `const` or first `enum` member, else the smallest
 * value of its type within its bounds. Strings with a `pattern` take the first of a few common
 * shapes that match it. The OpenAPI suite checks every example against its schema.
 */

type Schema = Record<string, unknown>;

/** Candidate strings for a `pattern`, tried in order (ids, codes, names, base64, dates). */
const PATTERN_CANDIDATES = [
  '1',
  '33139',
  'FL',
  'example',
  'example.pdf',
  'AAAA',
  '2026-01-15',
  '#1c7ed6',
  '+13055550100',
  'agent@example.com',
  'https://example.com/',
  `AC${'0'.repeat(32)}`,
];

const SAMPLE_SESSION_KEY = 'a1b2c3d4e5f6';

function stringExample(schema: Schema, name: string | undefined): string {
  if (name === 'session_key') return SAMPLE_SESSION_KEY;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const fits = (value: string) => value.length >= min && value.length <= max;
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = PATTERN_CANDIDATES.find((value) => fits(value) && pattern.test(value));
    if (found !== undefined) return found;
  }
  if (schema.format === 'email') return 'agent@example.com';
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T12:00:00.000Z';
  if (schema.format === 'uri') return 'https://example.com/';
  const base = name ? name.replaceAll('_', ' ') : 'text';
  return base.padEnd(min, 'x').slice(0, Number.isFinite(max) ? max : undefined);
}

function numberExample(schema: Schema, integer: boolean): number {
  if (typeof schema.minimum === 'number') return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && schema.maximum < 1) return schema.maximum;
  return integer ? 1 : 1.5;
}

/** An example value of `schema`; `name` is the property it is the value of, if any. */
export function schemaExample(schema: unknown, name?: string): unknown {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Schema;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const choices = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(choices) && choices.length > 0) {
    // An object whose choices only name what is required: the first choice's requirements.
    if (s.type === 'object') {
      const { anyOf: _a, oneOf: _o, ...object } = s;
      const required = [
        ...((s.required as string[] | undefined) ?? []),
        ...((choices[0].required as string[]) ?? []),
      ];
      return schemaExample({ ...object, required }, name);
    }
    return schemaExample(choices[0], name);
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set([...((s.required as string[] | undefined) ?? []), 'session_key']);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key))
          .map(([key, value]) => [key, schemaExample(value, key)]),
      );
    }
    case 'array': {
      const count = typeof s.minItems === 'number' ? s.minItems : 0;
      return Array.from({ length: count }, () => schemaExample(s.items, name));
    }
    case 'string':
      return stringExample(s, name);
    case 'integer':
      return numberExample(s, true);
    case 'number':
      return numberExample(s, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return types.length === 0 || type === undefined ? {} : null;
  }
}
