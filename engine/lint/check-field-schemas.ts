import { interpretedValidator } from '../interpret-field-schema.ts';
import type { LintContext } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';

/**
 * Field schemas the browser's draft validator (engine/interpret-field-schema.ts) cannot check: a
 * keyword it does not interpret at any depth (`$ref` left after flattening, `prefixItems`,
 * `unevaluatedProperties`...), a malformed value, an unknown format. The server compiles such a
 * schema with Ajv, the studio could not preview it, so both refuse it here for the same reason.
 * Kind `uninterpretable-schema`, at the field's definition. Issue 44 (ADR 747).
 */
export function checkFieldSchemas(context: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const [field, schema] of Object.entries(context.properties)) {
    try {
      interpretedValidator(schema);
    } catch (error) {
      problems.push({
        path: context.fieldPaths.get(field) ?? ['schemas'],
        kind: 'uninterpretable-schema',
        message: `the schema of "${field}" cannot be checked in the browser: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  return problems;
}
