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
    if (schema && 'default' in schema) out[field] = structuredClone(schema.default);
  }
  return out;
}
