import type { CompiledSchemaSet } from './compile-schema-set.ts';
import { isApplicable } from './is-applicable.ts';
import { isTruthy } from './is-truthy.ts';
import type { Doc, OutcomeMessage, RuleContext } from './types.ts';

/**
 * The outcomes that apply to a document: for each outcome table whose `when` holds over
 * `{ doc, ctx }`, each question whose field is applicable (isApplicable) and whose answer equals
 * `when_answer` (strict equality; arrays and objects compared by their JSON), in table then
 * question order. Throws like formFor when no form matches ctx and a table applies.
 * SPEC §5 question tables (block or warning outcomes).
 */
export function evaluateOutcomes(compiled: CompiledSchemaSet, doc: Doc, ctx: RuleContext): OutcomeMessage[] {
  const data = { doc, ctx };
  const outcomes: OutcomeMessage[] = [];
  for (const { table, when } of compiled.outcomeTables) {
    if (!isTruthy(when(data))) continue;
    for (const question of table.questions) {
      if (!sameAnswer(doc[question.field], question.when_answer)) continue;
      if (!isApplicable(compiled, question.field, doc, ctx)) continue;
      outcomes.push({
        table_id: table.id,
        question_id: question.id,
        field: question.field,
        outcome: question.outcome,
        question: question.question,
        message: question.message,
      });
    }
  }
  return outcomes;
}

function sameAnswer(answer: unknown, expected: unknown): boolean {
  if (answer === expected) return true;
  if (answer === null || expected === null || typeof answer !== 'object' || typeof expected !== 'object') {
    return false;
  }
  return JSON.stringify(answer) === JSON.stringify(expected);
}
