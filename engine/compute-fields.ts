import type { CompiledLogic } from './compile-logic.ts';
import type { CompiledSchemaSet } from './compile-schema-set.ts';
import type { Doc, RuleContext } from './types.ts';

/**
 * A new document with every `computed` field evaluated over `{ doc, ctx }` in declaration order
 * (a later one sees the earlier results). Every operand of arithmetic is read strictly, so a
 * missing (null, undefined, "") or non-numeric input, or a non-finite result, gives null rather
 * than json-logic's null-as-0. Non-number results are kept as they are. The input is not changed.
 * docs/schema-format.md (rules/computed.json); SPEC §3 (computed elevation variants).
 */
export function computeFields(compiled: CompiledSchemaSet, doc: Doc, ctx: RuleContext): Doc {
  const out: Doc = { ...doc };
  const data = { doc: out, ctx };
  for (const [field, expression] of compiled.computed) out[field] = computedValue(expression, data);
  return out;
}

/** One computed field's value over `{ doc, ctx }`: null for undefined, null and non-finite numbers. */
export function computedValue(expression: CompiledLogic, data: { doc: Doc; ctx: RuleContext }): unknown {
  const value = expression(data);
  return typeof value === 'number' && !Number.isFinite(value) ? null : (value ?? null);
}
