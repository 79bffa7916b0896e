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
