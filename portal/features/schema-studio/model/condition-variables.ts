/**
 * What the condition builder may compare (issue 11): every field of the compiled set as `doc.<field>`
 * (with its label, value type and options) and every context key as `ctx.<key>` (with the values
 * the example contexts give it). Generic.
 */

import { fieldOptions } from '../../../../engine/field-options.ts';
import type { CompiledSchemaSet, JsonSchema, RuleContext } from '../../../../engine/index.ts';

/** What the builder offers to compare: `doc.<field>` and `ctx.<key>`, with their options and type. */
export interface ConditionVariable {
  value: string;
  label: string;
  type: 'number' | 'string' | 'boolean';
  options?: { value: unknown; label: string }[];
}

/** The value type the builder's inputs use for a field schema. */
export function valueTypeOf(schema: JsonSchema): ConditionVariable['type'] {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  return 'string';
}

/** The builder's variables for `compiled`: fields in declaration order, then the context keys. */
export function conditionVariables(
  compiled: CompiledSchemaSet,
  exampleContexts: Record<string, RuleContext>,
): ConditionVariable[] {
  const fields = compiled.fields.map((field): ConditionVariable => {
    const schema = compiled.properties[field];
    const title = typeof schema.title === 'string' ? schema.title : field;
    return {
      value: `doc.${field}`,
      label: `${title} (${field})`,
      type: valueTypeOf(schema),
      options: fieldOptions(schema),
    };
  });
  const keys = compiled.set.context_keys ?? Object.keys(Object.values(exampleContexts)[0] ?? {});
  const context = keys.map((key): ConditionVariable => {
    const values = [...new Set(Object.values(exampleContexts).map((ctx) => ctx[key]))].filter(
      (value) => value !== undefined,
    );
    return {
      value: `ctx.${key}`,
      label: `Context: ${key}`,
      type: 'string',
      options: values.map((value) => ({ value, label: value })),
    };
  });
  return [...fields, ...context];
}
