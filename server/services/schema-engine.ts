/**
 * The compiled schema set the server validates with: the same schemas/ and engine core the
 * portal uses, compiled once per process (ARCHITECTURE: never trust the browser).
 */
import { type CompiledSchemaSet, compileSchemaSet, type RuleContext } from '../../engine/index.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import type { ApplicationRow } from '../db/schema.ts';

let compiled: CompiledSchemaSet | undefined;

/** The compiled schema set, compiled on first use. Throws SchemaSetError when schemas/ is broken. */
export function compiledSchemaSet(): CompiledSchemaSet {
  compiled ??= compileSchemaSet(schemaSet);
  return compiled;
}

/** The rule context of an application: product = carrier_quote_type[0]. docs/schema-format.md. */
export function ruleContextOf(
  row: Pick<ApplicationRow, 'carrier_quote_type' | 'application_type' | 'status'>,
): RuleContext {
  return {
    product: row.carrier_quote_type[0] ?? '',
    application_type: row.application_type,
    status: row.status,
  };
}
