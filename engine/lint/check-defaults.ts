import type { LintContext } from './lint-context.ts';
import { optionsOf } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';

/**
 * Defaults a field could never hold: not one of its options, of the wrong type, outside its bounds
 * (anything its own JSON Schema check refuses; null passes, as a blank does in the type check).
 * Kind `invalid-default`. Needs the compiled set (skipped when it does not compile). Issue 10.
 */
export function checkDefaults(context: LintContext): LintProblem[] {
  const { compiled } = context;
  if (!compiled) return [];
  const problems: LintProblem[] = [];
  for (const field of compiled.fields) {
    const schema = compiled.properties[field];
    if (!('default' in schema) || schema.default === null) continue;
    const validator = compiled.validators[field];
    if (validator(schema.default)) continue;
    const options = optionsOf(schema);
    problems.push({
      path: [...(context.fieldPaths.get(field) ?? ['schemas']), 'default'],
      kind: 'invalid-default',
      message: options
        ? `the default of "${field}" (${JSON.stringify(schema.default)}) is not one of its options`
        : `the default of "${field}" (${JSON.stringify(schema.default)}) does not fit its schema: ${validator.errors?.[0]?.message ?? 'invalid'}`,
    });
  }
  return problems;
}
