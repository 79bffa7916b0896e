import { operators } from './operators.ts';
import type { JsonLogic } from './types.ts';

/** json-logic-js 2.0 built-in operators, plus `method` which it also knows. */
const BUILT_IN = new Set([
  '==',
  '===',
  '!=',
  '!==',
  '>',
  '>=',
  '<',
  '<=',
  '!!',
  '!',
  '%',
  'log',
  'in',
  'cat',
  'substr',
  '+',
  '*',
  '-',
  '/',
  'min',
  'max',
  'merge',
  'if',
  '?:',
  'and',
  'or',
  'var',
  'missing',
  'missing_some',
  'all',
  'none',
  'some',
  'filter',
  'map',
  'reduce',
  'method',
]);

/** Operators whose later arguments are evaluated over each array item, not over `{ doc, ctx }`. */
const SCOPED = new Set(['all', 'none', 'some', 'filter', 'map', 'reduce']);

/** What an expression may read: the fields of the document, ctx keys, param names (null: none). */
export interface LogicScope {
  fields: ReadonlySet<string>;
  ctxKeys: ReadonlySet<string>;
  params: ReadonlySet<string> | null;
  /** False where only `ctx` is visible (a form's `when`). */
  doc: boolean;
}

/**
 * The problems of one JSON-logic expression, as sentences ("unknown operator \"lenght\"",
 * "unknown field \"alhpa\""), empty when it is sound: every operator is a json-logic-js
 * built-in or an engine operator, every `{"var": "doc.<field>..."}` names a document field,
 * every `ctx.<key>` a context key, every `params.<name>` a declared param; `matches` with a
 * literal pattern must compile. Used by compileSchemaSet. docs/schema-format.md.
 */
export function logicProblems(expression: JsonLogic, scope: LogicScope): string[] {
  const problems: string[] = [];
  walk(expression, scope, false, problems);
  return problems;
}

function walk(node: unknown, scope: LogicScope, itemScoped: boolean, problems: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, scope, itemScoped, problems);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const keys = Object.keys(node);
  // json-logic-js treats an object with other than one key as a literal value.
  if (keys.length !== 1) return;
  const op = keys[0];
  const args = (node as Record<string, unknown>)[op];
  if (!BUILT_IN.has(op) && !(op in operators)) {
    problems.push(`unknown operator "${op}"`);
    return;
  }
  if (op === 'var') {
    if (!itemScoped) checkVar(Array.isArray(args) ? args[0] : args, scope, problems);
    if (Array.isArray(args)) walk(args.slice(1), scope, itemScoped, problems);
    return;
  }
  if (op === 'matches' && Array.isArray(args) && typeof args[1] === 'string') {
    try {
      new RegExp(args[1], 'u');
    } catch {
      problems.push(`invalid regular expression "${args[1]}"`);
    }
  }
  if (SCOPED.has(op) && Array.isArray(args)) {
    walk(args[0], scope, itemScoped, problems);
    walk(args.slice(1), scope, true, problems);
    return;
  }
  walk(args, scope, itemScoped, problems);
}

function checkVar(path: unknown, scope: LogicScope, problems: string[]): void {
  if (typeof path !== 'string' || path === '') return;
  const [root, name] = path.split('.');
  if (root === 'doc') {
    if (!scope.doc) problems.push(`"${path}" is not visible here (only ctx is)`);
    else if (name !== undefined && !scope.fields.has(name)) problems.push(`unknown field "${name}"`);
  } else if (root === 'ctx') {
    if (name !== undefined && !scope.ctxKeys.has(name)) problems.push(`unknown context key "${name}"`);
  } else if (root === 'params') {
    if (scope.params === null) problems.push(`"${path}" used outside a rule`);
    else if (name !== undefined && !scope.params.has(name)) problems.push(`unknown param "${name}"`);
  } else {
    problems.push(`"${path}" reads neither doc, ctx nor params`);
  }
}
