/** The schema set compiled once for the whole portal (form rendering, launch validation). */
import { type CompiledSchemaSet, compileSchemaSet } from '../../engine/index.ts';
import { schemaSet } from '../../schemas/schema-set.ts';

let compiled: CompiledSchemaSet | null = null;

/** The compiled schema set, compiled on first use. Throws `SchemaSetError` if the set is broken. */
export function getCompiledSchemaSet(): CompiledSchemaSet {
  compiled ??= compileSchemaSet(schemaSet);
  return compiled;
}
