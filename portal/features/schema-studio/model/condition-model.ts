/**
 * The condition builder's model (issue 11): a condition as product staff build it — comparisons of
 * one variable (`doc.<field>` or `ctx.<key>`) with a value, in all/any groups, negated groups — and
 * its two-way translation to the JSON-logic the schema set stores. `conditionFromLogic` answers
 * null for JSON-logic the builder cannot show (arithmetic, `if`, custom operators): the raw JSON
 * view edits those. Generic: no field or product name appears here.
 */
import type { JsonLogic } from '../../../../engine/index.ts';

/** The operators the builder offers; the set ones compare against a list of values. */
export const COMPARE_OPERATORS = [
  '==',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'in',
  'not in',
  'is set',
  'is not set',
] as const;

/** One builder operator. */
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];

/** Operators that take no value. */
export const UNARY_OPERATORS: ReadonlySet<CompareOperator> = new Set(['is set', 'is not set']);

/** Operators whose value is a list. */
export const LIST_OPERATORS: ReadonlySet<CompareOperator> = new Set(['in', 'not in']);

/** A comparison: `variable` is a JSON-logic `var` path (`doc.sqft`, `ctx.product`). */
export interface Comparison {
  kind: 'compare';
  variable: string;
  operator: CompareOperator;
  /** A scalar, a list for in/not in, undefined for is set/is not set. */
  value?: unknown;
}

/** All or any of its items; `negated` wraps it in a not. */
export interface ConditionGroup {
  kind: 'group';
  combinator: 'all' | 'any';
  negated: boolean;
  items: Condition[];
}

/** A condition of the builder. */
export type Condition = Comparison | ConditionGroup;

const BINARY = new Set(['==', '!=', '>', '>=', '<', '<=']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isScalar = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The single key of a JSON-logic node, or undefined when it is not one. */
function operatorOf(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  const keys = Object.keys(node);
  return keys.length === 1 ? keys[0] : undefined;
}

/** `{ var: "doc.x" }` -> `doc.x` (no default argument); otherwise undefined. */
function variableOf(node: unknown): string | undefined {
  if (operatorOf(node) !== 'var') return undefined;
  const path = (node as { var: unknown }).var;
  return typeof path === 'string' && path !== '' ? path : undefined;
}

function comparisonFromLogic(node: unknown): Comparison | null {
  const op = operatorOf(node);
  if (op === undefined) return null;
  const args = (node as Record<string, unknown>)[op];
  if (BINARY.has(op) && Array.isArray(args) && args.length === 2) {
    const variable = variableOf(args[0]);
    if (variable && isScalar(args[1])) {
      return { kind: 'compare', variable, operator: op as CompareOperator, value: args[1] };
    }
    return null;
  }
  if (op === 'in' && Array.isArray(args) && args.length === 2) {
    const variable = variableOf(args[0]);
    if (variable && Array.isArray(args[1]) && args[1].every(isScalar)) {
      return { kind: 'compare', variable, operator: 'in', value: args[1] };
    }
    return null;
  }
  if (op === '!!') {
    const variable = variableOf(Array.isArray(args) && args.length === 1 ? args[0] : args);
    return variable ? { kind: 'compare', variable, operator: 'is set' } : null;
  }
  return null;
}

/**
 * The builder's view of `logic`, or null when it has a shape the builder does not show. A bare
 * comparison comes back as itself (not wrapped in a group); `{"!": group}` as a negated group;
 * `{"!": {"in": ...}}` as `not in`; `{"!": {"var": x}}` as `is not set`.
 */
export function conditionFromLogic(logic: JsonLogic): Condition | null {
  const op = operatorOf(logic);
  if (op === 'and' || op === 'or') {
    const args = (logic as Record<string, unknown>)[op];
    if (!Array.isArray(args)) return null;
    const items = args.map(conditionFromLogic);
    if (items.some((item) => item === null)) return null;
    return {
      kind: 'group',
      combinator: op === 'and' ? 'all' : 'any',
      negated: false,
      items: items as Condition[],
    };
  }
  if (op === '!') {
    const raw = (logic as Record<string, unknown>)['!'];
    const inner = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
    const variable = variableOf(inner);
    if (variable) return { kind: 'compare', variable, operator: 'is not set' };
    const condition = conditionFromLogic(inner);
    if (condition === null) return null;
    if (condition.kind === 'compare' && condition.operator === 'in')
      return { ...condition, operator: 'not in' };
    if (condition.kind === 'group' && !condition.negated) return { ...condition, negated: true };
    return null;
  }
  return comparisonFromLogic(logic);
}

/** The JSON-logic of a builder condition (the inverse of conditionFromLogic on its own output). */
export function conditionToLogic(condition: Condition): JsonLogic {
  if (condition.kind === 'group') {
    const inner = { [condition.combinator === 'all' ? 'and' : 'or']: condition.items.map(conditionToLogic) };
    return condition.negated ? { '!': inner } : inner;
  }
  const variable = { var: condition.variable };
  switch (condition.operator) {
    case 'is set':
      return { '!!': variable };
    case 'is not set':
      return { '!': variable };
    case 'in':
      return { in: [variable, condition.value] };
    case 'not in':
      return { '!': { in: [variable, condition.value] } };
    default:
      return { [condition.operator]: [variable, condition.value] };
  }
}

/** A new comparison on `variable`: equal to `value`. */
export function newComparison(variable: string, value: unknown = ''): Comparison {
  return { kind: 'compare', variable, operator: '==', value };
}
