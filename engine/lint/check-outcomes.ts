import type { LintContext } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';

const OUTCOMES = new Set(['block', 'warning']);

/**
 * Outcome questions that would do nothing or the wrong thing: an outcome other than `block` or
 * `warning` (`"stop"`), a question or message that is empty. Kind `invalid-outcome`. Issue 10.
 */
export function checkOutcomes(context: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  (context.set.outcome_tables ?? []).forEach((table, i) => {
    table.questions.forEach((question, j) => {
      const path = ['outcome_tables', i, 'questions', j];
      if (!OUTCOMES.has(question.outcome)) {
        problems.push({
          path: [...path, 'outcome'],
          kind: 'invalid-outcome',
          message: `question "${question.id}" has outcome "${String(question.outcome)}"; it must be "block" or "warning"`,
        });
      }
      for (const key of ['question', 'message'] as const) {
        if (typeof question[key] !== 'string' || question[key].trim() === '') {
          problems.push({
            path: [...path, key],
            kind: 'invalid-outcome',
            message: `question "${question.id}" has no ${key} text`,
          });
        }
      }
    });
  });
  return problems;
}
