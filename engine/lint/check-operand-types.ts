import { docFieldOf, isLiteral, logicNodes } from '../logic-nodes.ts';
import type { JsonSchema } from '../types.ts';
import type { LintContext } from './lint-context.ts';
import { typesOf } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';
import { logicSites } from './logic-sites.ts';

const NUMERIC_OPERATORS = new Set(['<', '<=', '>', '>=', '+', '-', '*', '/', '%', 'min', 'max']);
const EQUALITIES = new Set(['==', '===', '!=', '!==']);

/** What kind of value an operand is, when it can be told without evaluating: number, string, boolean. */
function operandKind(operand: unknown, properties: Record<string, JsonSchema>): string | undefined {
  const field = docFieldOf(operand);
  if (field !== undefined) {
    const types = typesOf(properties[field]).filter((type) => type !== 'null');
    if (types.length !== 1) return undefined;
    return types[0] === 'integer' ? 'number' : types[0];
  }
  if (!isLiteral(operand) || operand === null || Array.isArray(operand)) return undefined;
  if (typeof operand === 'string')
    return Number.isFinite(Number(operand)) && operand.trim() !== '' ? 'numeric-string' : 'string';
  return typeof operand;
}

/**
 * Operators applied to the wrong type: arithmetic or an order comparison over a text, yes/no
 * (boolean) or non-numeric literal operand (`{">": [{"var": "doc.name"}, 3]}` compares text with a
 * number), an equality between a field and a literal of another type (a number field `==` "10"),
 * and `days_between` over a field that is not a date. Kind `operand-type`. Issue 10, schema lint.
 */
export function checkOperandTypes(context: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const site of logicSites(context.set)) {
    for (const node of logicNodes(site.expression, site.path)) {
      if (NUMERIC_OPERATORS.has(node.op)) {
        for (const operand of node.args) {
          const kind = operandKind(operand, context.properties);
          if (
            kind === 'string' ||
            kind === 'boolean' ||
            (kind === 'array' && docFieldOf(operand) !== undefined)
          ) {
            problems.push({
              path: node.path,
              kind: 'operand-type',
              message: `"${node.op}" needs numbers but ${describe(operand)} is ${kind === 'array' ? 'a list' : kind === 'boolean' ? 'yes/no' : 'text'}`,
            });
          }
        }
      } else if (EQUALITIES.has(node.op) && node.args.length === 2) {
        const [a, b] = node.args;
        const fieldSide = docFieldOf(a) !== undefined ? a : docFieldOf(b) !== undefined ? b : undefined;
        if (fieldSide === undefined) continue;
        const other = fieldSide === a ? b : a;
        const fieldKind = operandKind(fieldSide, context.properties);
        const otherKind = operandKind(other, context.properties);
        if (!fieldKind || !otherKind || docFieldOf(other) !== undefined || other === null) continue;
        // json-logic's == is loose: "10" == 10 holds, so only strict equality needs the same kind.
        const loose = node.op === '==' || node.op === '!=';
        const looseMatch =
          (fieldKind === 'number' && otherKind === 'numeric-string') ||
          (fieldKind === 'string' && otherKind === 'number');
        const compatible =
          fieldKind === otherKind ||
          (fieldKind === 'string' && otherKind === 'numeric-string') ||
          (loose && looseMatch);
        if (!compatible) {
          problems.push({
            path: node.path,
            kind: 'operand-type',
            message: `${describe(fieldSide)} holds ${fieldKind === 'boolean' ? 'yes/no' : fieldKind === 'number' ? 'a number' : fieldKind} and never equals ${JSON.stringify(other)}`,
          });
        }
      } else if (node.op === 'days_between') {
        for (const operand of node.args) {
          const field = docFieldOf(operand);
          if (field !== undefined && context.properties[field]?.format !== 'date') {
            problems.push({
              path: node.path,
              kind: 'operand-type',
              message: `"days_between" needs dates but "${field}" is not a date field`,
            });
          }
        }
      }
    }
  }
  return problems;
}

function describe(operand: unknown): string {
  const field = docFieldOf(operand);
  return field !== undefined ? `"${field}"` : JSON.stringify(operand);
}
