import type { CompiledSchemaSet } from './compile-schema-set.ts';
import type { Doc } from './types.ts';

/**
 * A new document: `doc` with every field that is undefined (missing) and has a schema `default`
 * set to a copy of that default. Present values, null included, are never overwritten; the
 * input is not changed. SPEC §3 (field defaults).
 */
export function applyDefaults(compiled: CompiledSchemaSet, doc: Doc): Doc {
  const out: Doc = { ...doc };
  for (const field of compiled.fields) {
    if (out[field] !== undefined) continue;
    const schema = compiled.properties[field];
    if (!schema || !('default' in schema)) continue;
    // Only objects need a copy: structuredClone of a primitive costs a microsecond per field,
    // which a bulk import pays on every row.
    const value = schema.default;
    out[field] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
  }
  return out;
}
