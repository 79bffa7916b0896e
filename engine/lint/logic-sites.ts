import type { JsonLogic, Rule, SchemaSet } from '../types.ts';
import type { LintPath } from './lint-problem.ts';

/** Where a JSON-logic expression sits and what it may read. */
export interface LogicSite {
  path: LintPath;
  expression: JsonLogic;
  /** `form`: only ctx (a form's `when`); `rule`: a rule's assert (params too); `doc`: doc and ctx. */
  scope: 'form' | 'doc' | 'rule';
  /** The rule the expression belongs to, if any. */
  rule?: Rule;
  /** What the expression decides, for messages. */
  role:
    | 'form-when'
    | 'applicability'
    | 'required-when'
    | 'rule-when'
    | 'rule-param'
    | 'rule-assert'
    | 'computed'
    | 'table-when'
    | 'rules-apply-when';
}

/** The rules of the set with their paths: field rules then cross rules, in declaration order. */
export function rulesWithPaths(set: SchemaSet): { rule: Rule; path: LintPath }[] {
  return [
    ...(set.field_rules ?? []).map((rule, index) => ({ rule, path: ['field_rules', index] as LintPath })),
    ...(set.cross_rules ?? []).map((rule, index) => ({ rule, path: ['cross_rules', index] as LintPath })),
  ];
}

/**
 * Every JSON-logic expression of a schema set with its path and scope: forms' `when`,
 * applicability, `required_when`, rules' `when`/`params`/`assert`, computed fields, outcome tables' `when` and
 * `rules_apply_when`. Issue 10, schema lint.
 */
export function logicSites(set: SchemaSet): LogicSite[] {
  const sites: LogicSite[] = [];
  (set.forms ?? []).forEach((form, index) => {
    sites.push({ path: ['forms', index, 'when'], expression: form.when, scope: 'form', role: 'form-when' });
  });
  for (const [field, condition] of Object.entries(set.applicability ?? {})) {
    sites.push({
      path: ['applicability', field],
      expression: condition,
      scope: 'doc',
      role: 'applicability',
    });
  }
  for (const [field, condition] of Object.entries(set.required_when ?? {})) {
    sites.push({
      path: ['required_when', field],
      expression: condition,
      scope: 'doc',
      role: 'required-when',
    });
  }
  for (const { rule, path } of rulesWithPaths(set)) {
    if (rule.when !== undefined) {
      sites.push({ path: [...path, 'when'], expression: rule.when, scope: 'doc', rule, role: 'rule-when' });
    }
    for (const [name, expression] of Object.entries(rule.params ?? {})) {
      sites.push({ path: [...path, 'params', name], expression, scope: 'doc', rule, role: 'rule-param' });
    }
    sites.push({
      path: [...path, 'assert'],
      expression: rule.assert,
      scope: 'rule',
      rule,
      role: 'rule-assert',
    });
  }
  for (const [field, expression] of Object.entries(set.computed ?? {})) {
    sites.push({ path: ['computed', field], expression, scope: 'doc', role: 'computed' });
  }
  (set.outcome_tables ?? []).forEach((table, index) => {
    sites.push({
      path: ['outcome_tables', index, 'when'],
      expression: table.when,
      scope: 'doc',
      role: 'table-when',
    });
  });
  if (set.rules_apply_when !== undefined) {
    sites.push({
      path: ['rules_apply_when'],
      expression: set.rules_apply_when,
      scope: 'doc',
      role: 'rules-apply-when',
    });
  }
  return sites;
}

/** One operator node of an expression: `{ op: args }` with args always as a list, and its path. */
export interface LogicNode {
  op: string;
  args: unknown[];
  path: LintPath;
}

const ITEM_SCOPED = new Set(['all', 'none', 'some', 'filter', 'map', 'reduce']);

/**
 * Every operator node of an expression, depth first, with its path below `base` (args of a
 * one-argument operator written without a list keep the operator's path). Bodies evaluated per
 * array item (`map`, `all`, ...) are not entered: their `var`s read the item.
 */
export function logicNodes(expression: JsonLogic, base: LintPath): LogicNode[] {
  const nodes: LogicNode[] = [];
  const visit = (node: unknown, path: LintPath): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        visit(item, [...path, index]);
      });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1) return;
    const op = keys[0];
    const raw = (node as Record<string, unknown>)[op];
    const listed = Array.isArray(raw);
    const args = listed ? raw : [raw];
    nodes.push({ op, args, path: [...path, op] });
    if (op === 'var') return;
    const argPath = (index: number): LintPath => (listed ? [...path, op, index] : [...path, op]);
    args.forEach((arg, index) => {
      if (ITEM_SCOPED.has(op) && index > 0) return;
      visit(arg, argPath(index));
    });
  };
  visit(expression, base);
  return nodes;
}

/** The document field a `{"var": "doc.<field>"}` node reads, else undefined. */
export function docFieldOf(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const keys = Object.keys(node);
  if (keys.length !== 1 || keys[0] !== 'var') return undefined;
  const raw = (node as { var: unknown }).var;
  const name = Array.isArray(raw) ? raw[0] : raw;
  if (typeof name !== 'string' || !name.startsWith('doc.')) return undefined;
  return name.slice(4).split('.')[0];
}

/** The ctx key a `{"var": "ctx.<key>"}` node reads, else undefined. */
export function ctxKeyOf(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const raw = (node as { var?: unknown }).var;
  const name = Array.isArray(raw) ? raw[0] : raw;
  if (Object.keys(node).length !== 1 || typeof name !== 'string' || !name.startsWith('ctx.'))
    return undefined;
  return name.slice(4);
}

/** Every document field an expression reads (outside per-item bodies), in first-read order. */
export function fieldsRead(expression: JsonLogic): string[] {
  const fields: string[] = [];
  for (const node of logicNodes(expression, [])) {
    if (node.op !== 'var') continue;
    const field = docFieldOf({ var: node.args.length === 1 ? node.args[0] : node.args });
    if (field !== undefined && !fields.includes(field)) fields.push(field);
  }
  return fields;
}

/** True for a JSON-logic operand that is a plain literal (no operator object). */
export function isLiteral(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(isLiteral);
  return Object.keys(value).length !== 1;
}
