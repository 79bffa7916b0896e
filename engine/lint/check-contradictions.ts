import { isTruthy } from '../is-truthy.ts';
import { docFieldOf, isLiteral, type LogicNode, logicNodes } from '../logic-nodes.ts';
import type { LintContext } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';
import { logicSites } from './logic-sites.ts';

interface Bounds {
  low: number;
  lowStrict: boolean;
  high: number;
  highStrict: boolean;
  equals: unknown[];
}

const ROLE_WORDS: Record<string, string> = {
  'form-when': 'the form is never chosen',
  applicability: 'the field never applies',
  'required-when': 'the field is never required by it',
  'rule-when': 'the rule never runs',
  'rule-param': 'the parameter is always false',
  'rule-assert': 'the rule fails on every value',
  computed: 'the value is always false',
  'table-when': 'the table never applies',
  'rules-apply-when': 'no rule ever runs',
};

/**
 * Conditions no document can satisfy, found without evaluating: a whole condition that is a falsy
 * literal (`false`), and an `and` whose comparisons of one field with numbers leave no value
 * (`sqft > 10` and `sqft < 5`, `x == "a"` and `x == "b"`). Kind `never-true`; the message says what
 * follows (the field never applies, the rule fails on every value...). Issue 10, schema lint.
 */
export function checkContradictions(context: LintContext): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const site of logicSites(context.set)) {
    const consequence = ROLE_WORDS[site.role];
    if (
      isLiteral(site.expression) &&
      !isTruthy(site.expression) &&
      site.role !== 'rule-param' &&
      site.role !== 'computed'
    ) {
      problems.push({
        path: site.path,
        kind: 'never-true',
        message: `the condition is always false: ${consequence}`,
      });
      continue;
    }
    for (const node of logicNodes(site.expression, site.path)) {
      if (node.op !== 'and') continue;
      const empty = emptyField(node);
      if (empty) {
        problems.push({
          path: node.path,
          kind: 'never-true',
          message: `no value of "${empty}" satisfies every part of this "and": ${consequence}`,
        });
      }
    }
  }
  return problems;
}

/** The field whose bounds in this `and` leave no value, else undefined. */
function emptyField(node: LogicNode): string | undefined {
  const bounds = new Map<string, Bounds>();
  const get = (field: string): Bounds => {
    let entry = bounds.get(field);
    if (!entry) {
      entry = { low: -Infinity, lowStrict: false, high: Infinity, highStrict: false, equals: [] };
      bounds.set(field, entry);
    }
    return entry;
  };
  const lower = (field: string, value: number, strict: boolean): void => {
    const entry = get(field);
    if (value > entry.low || (value === entry.low && strict))
      Object.assign(entry, { low: value, lowStrict: strict });
  };
  const upper = (field: string, value: number, strict: boolean): void => {
    const entry = get(field);
    if (value < entry.high || (value === entry.high && strict))
      Object.assign(entry, { high: value, highStrict: strict });
  };
  for (const part of node.args) {
    if (part === null || typeof part !== 'object' || Array.isArray(part)) continue;
    const keys = Object.keys(part);
    if (keys.length !== 1) continue;
    const op = keys[0];
    const args = (part as Record<string, unknown>)[op];
    if (!Array.isArray(args)) continue;
    if ((op === '==' || op === '===') && args.length === 2) {
      const field = docFieldOf(args[0]) ?? docFieldOf(args[1]);
      const literal = docFieldOf(args[0]) !== undefined ? args[1] : args[0];
      if (field !== undefined && isLiteral(literal)) get(field).equals.push(literal);
      continue;
    }
    if (!['<', '<=', '>', '>='].includes(op)) continue;
    const strict = op === '<' || op === '>';
    // Normalise to "a < b (< c)": > and >= read right to left.
    const chain = op === '<' || op === '<=' ? args : [...args].reverse();
    for (let i = 0; i + 1 < chain.length; i++) {
      const left = chain[i];
      const right = chain[i + 1];
      const leftField = docFieldOf(left);
      const rightField = docFieldOf(right);
      if (leftField !== undefined && typeof right === 'number') upper(leftField, right, strict);
      if (rightField !== undefined && typeof left === 'number') lower(rightField, left, strict);
    }
  }
  for (const [field, entry] of bounds) {
    if (entry.low > entry.high || (entry.low === entry.high && (entry.lowStrict || entry.highStrict)))
      return field;
    const distinct = new Set(entry.equals.map((value) => JSON.stringify(value)));
    if (distinct.size > 1) return field;
    const only = entry.equals[0];
    if (typeof only === 'number' && (only < entry.low || only > entry.high)) return field;
  }
  return undefined;
}
