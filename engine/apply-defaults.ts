import type { CompiledSchemaSet } from './compile-schema-set.ts';
import type { Doc } from './types.ts';

/** The fields of a compiled set that have a schema `default`, in form order, with that default. */
const defaultsOfSet = new WeakMap<CompiledSchemaSet, [field: string, value: unknown][]>();

function defaultsOf(compiled: CompiledSchemaSet): [string, unknown][] {
  let defaults = defaultsOfSet.get(compiled);
  if (!defaults) {
    defaults = [];
    for (const field of compiled.fields) {
      const schema = compiled.properties[field];
      if (schema && 'default' in schema) defaults.push([field, schema.default]);
    }
    defaultsOfSet.set(compiled, defaults);
  }
  return defaults;
}

/**
 * A new document: `doc` with every field that is undefined (missing) and has a schema `default`
 * set to a copy of that default. Present values, null included, are never overwritten; the
 * input is not changed. The defaulted fields are listed once per compiled set: a bulk import
 * applies them to every row. SPEC §3 (field defaults).
 */
export function applyDefaults(compiled: CompiledSchemaSet, doc: Doc): Doc {
  const out: Doc = { ...doc };
  for (const [field, value] of defaultsOf(compiled)) {
    if (out[field] !== undefined) continue;
    // Only objects need a copy: structuredClone of a primitive costs a microsecond per field.
    out[field] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
  }
  return out;
}
