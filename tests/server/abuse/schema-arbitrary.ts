/**
 * A fast-check arbitrary of values shaped by a request body's JSON Schema (the subset our routes
 * use: type, nullable, enum, const, anyOf, properties, required, items, lengths, bounds, pattern),
 * so the fuzz suite can start from a valid-shaped body and break one field of it. Best effort:
 * keywords it does not model (if/then/else, uniqueItems, propertyNames) may make a value invalid,
 * which the suite checks with Ajv anyway.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/** At most this many items, properties or characters in generated values, to keep bodies small. */
const SMALL = 3;

function merged(base: JsonSchema, branch: JsonSchema): JsonSchema {
  const required = [...((base.required as string[]) ?? []), ...((branch.required as string[]) ?? [])];
  const { anyOf: _dropped, ...rest } = base;
  return { ...rest, ...branch, ...(required.length ? { required } : {}) };
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number) ?? 0;
  if (typeof schema.pattern === 'string') {
    // Only the schema's own bound: a default one below the pattern's shortest match (a 47-character
    // signed token) would make the filter reject every string, and fast-check's filter never gives up.
    const maxLength = (schema.maxLength as number) ?? Number.POSITIVE_INFINITY;
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  const maxLength = (schema.maxLength as number) ?? 40;
  const bounds = { minLength, maxLength: Math.max(minLength, Math.min(maxLength, minLength + 12)) };
  // Any code point too, lone surrogates included: valid to the schema, hostile to what follows.
  return fc.oneof(fc.string(bounds), fc.string({ ...bounds, unit: 'binary' }));
}

/**
 * Keys for objects with no `properties` but an `additionalProperties` schema (a free-form
 * document such as address_details): real field names reach real rules; random ones too.
 */
export interface OpenObjectOptions {
  keys: string[];
}

function objectArbitrary(schema: JsonSchema, open: OpenObjectOptions): fc.Arbitrary<Record<string, unknown>> {
  const extra = schema.additionalProperties;
  if (!schema.properties && extra && typeof extra === 'object') {
    const names = schema.propertyNames as JsonSchema | undefined;
    const key = names?.pattern
      ? stringArbitrary(names)
      : fc.oneof(
          fc.constantFrom(...(open.keys.length ? open.keys : ['x'])),
          fc.string({ minLength: 1, maxLength: 10 }),
        );
    return fc.dictionary(key, schemaArbitrary(extra as JsonSchema, open), {
      maxKeys: Math.min((schema.maxProperties as number) ?? 8, 8),
    });
  }
  const properties = (schema.properties as Record<string, JsonSchema>) ?? {};
  const required = new Set((schema.required as string[]) ?? []);
  const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, schemaArbitrary(v, open)]));
  return fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
}

/** Values likely valid against `schema`; `fc.constant(null)` for a schema it cannot read. */
export function schemaArbitrary(
  schema: JsonSchema,
  open: OpenObjectOptions = { keys: [] },
): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.anyOf)) {
    return fc.oneof(
      ...(schema.anyOf as JsonSchema[]).map((branch) => schemaArbitrary(merged(schema, branch), open)),
    );
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
        return fc.integer({
          min: (schema.minimum as number) ?? -1000,
          max: (schema.maximum as number) ?? 1_000_000,
        });
      case 'number':
        return fc.double({
          min: (schema.minimum as number) ?? -1e6,
          max: (schema.maximum as number) ?? 1e9,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'string':
        return stringArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = (schema.minItems as number) ?? 0;
        const maxLength = Math.min((schema.maxItems as number) ?? SMALL, Math.max(minLength, SMALL));
        return fc.array(schemaArbitrary((schema.items as JsonSchema) ?? {}, open), { minLength, maxLength });
      }
      case 'object':
        return objectArbitrary(schema, open);
      default:
        return schema.properties ? objectArbitrary(schema, open) : fc.constant(null);
    }
  })();
  return schema.nullable === true ? fc.oneof({ weight: 4, arbitrary: value }, fc.constant(null)) : value;
}
