import jsonLogic from 'json-logic-js';
import { operators } from './operators.ts';
import type { JsonLogic } from './types.ts';

for (const [name, operation] of Object.entries(operators)) {
  jsonLogic.add_operation(name, operation);
}

/**
 * Evaluates a JSON-logic expression over `data` with json-logic-js, the engine's custom
 * operators (engine/operators.ts) registered. Returns whatever the expression yields; a
 * non-logic value (number, string, plain array of values) comes back as is.
 * Throws json-logic-js's "Unrecognized operation" Error for an unknown operator.
 * docs/schema-format.md "Data seen by JSON-logic"; SPEC §5.
 */
export function evaluateLogic(expression: JsonLogic, data: unknown): unknown {
  return jsonLogic.apply(expression as Parameters<typeof jsonLogic.apply>[0], data);
}
