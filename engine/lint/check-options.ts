import { docFieldOf, isLiteral, logicNodes } from '../logic-nodes.ts';
import type { LintContext } from './lint-context.ts';
import { optionsOf } from './lint-context.ts';
import type { LintPath, LintProblem } from './lint-problem.ts';
import { logicSites } from './logic-sites.ts';

const EQUALITIES = new Set(['==', '===', '!=', '!==']);

/**
 * A value compared with a closed-list field that is not one of its options can never match, so the
 * condition is decided by a typo (`"Elevatd"`): `==`/`!=` against a literal, `in` of the field in a
 * literal list, `in` of a literal in an array field, and an outcome question's `when_answer`.
 * Kind `unknown-option`. Issue 10, schema lint.
 */
export function checkOptions(context: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  const check = (field: string, value: unknown, path: LintPath): void => {
    const options = optionsOf(context.properties[field]);
    if (!options || options.some((option) => option === value)) return;
    problems.push({
      path,
      kind: 'unknown-option',
      message: `${JSON.stringify(value)} is not an option of "${field}" (${options.map((o) => JSON.stringify(o)).join(', ')})`,
    });
  };
  for (const site of logicSites(context.set)) {
    for (const node of logicNodes(site.expression, site.path)) {
      if (EQUALITIES.has(node.op) && node.args.length === 2) {
        const [a, b] = node.args;
        const field = docFieldOf(a) ?? docFieldOf(b);
        const literal = docFieldOf(a) !== undefined ? b : a;
        if (field !== undefined && isLiteral(literal) && !Array.isArray(literal))
          check(field, literal, node.path);
      } else if (node.op === 'in' && node.args.length === 2) {
        const [needle, haystack] = node.args;
        const needleField = docFieldOf(needle);
        if (needleField !== undefined && Array.isArray(haystack) && isLiteral(haystack)) {
          for (const value of haystack) check(needleField, value, node.path);
        }
        const arrayField = docFieldOf(haystack);
        if (
          arrayField !== undefined &&
          context.properties[arrayField]?.type === 'array' &&
          isLiteral(needle)
        ) {
          check(arrayField, needle, node.path);
        }
      }
    }
  }
  (context.set.outcome_tables ?? []).forEach((table, i) => {
    table.questions.forEach((question, j) => {
      if (context.fields.has(question.field)) {
        check(question.field, question.when_answer, ['outcome_tables', i, 'questions', j, 'when_answer']);
      }
    });
  });
  return problems;
}
