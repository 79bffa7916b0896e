import { contextKeysOf } from '../compile-schema-set.ts';
import { type LogicScope, logicProblems } from '../logic-problems.ts';
import type { LintContext } from './lint-context.ts';
import type { LintPath, LintProblem } from './lint-problem.ts';
import { logicSites, rulesWithPaths } from './logic-sites.ts';

/**
 * Names that must resolve: every field named by a form (sections, `optional`, `ui`), applicability,
 * `required_when`,
 * a rule, a computed entry, a field group or an outcome question (kind `unknown-field`); every
 * operator, `doc.`/`ctx.`/`params.` name in every JSON-logic expression (kind `unknown-name`);
 * rule ids present and unique (`duplicate-rule-id`, `missing-rule-id`), outcome question ids unique
 * per table (`duplicate-question-id`). Unlike compileSchemaSet, reports every problem. Issue 10.
 */
export function checkReferences(context: LintContext): LintProblem[] {
  const { set, fields } = context;
  const problems: LintProblem[] = [];
  const field = (name: unknown, path: LintPath, where: string): void => {
    if (typeof name !== 'string' || !fields.has(name)) {
      problems.push({
        path,
        kind: 'unknown-field',
        message: `${where} names unknown field "${String(name)}"`,
      });
    }
  };
  (set.forms ?? []).forEach((form, i) => {
    form.sections.forEach((section, j) => {
      section.fields.forEach((name, k) => {
        field(name, ['forms', i, 'sections', j, 'fields', k], `form "${form.id}" section "${section.id}"`);
      });
    });
    (form.optional ?? []).forEach((name, k) => {
      field(name, ['forms', i, 'optional', k], `form "${form.id}" optional`);
    });
    for (const name of Object.keys(form.ui ?? {}))
      field(name, ['forms', i, 'ui', name], `form "${form.id}" ui`);
  });
  for (const name of Object.keys(set.applicability ?? {}))
    field(name, ['applicability', name], 'applicability');
  for (const name of Object.keys(set.required_when ?? {}))
    field(name, ['required_when', name], 'required_when');
  for (const name of Object.keys(set.computed ?? {})) field(name, ['computed', name], 'computed');
  for (const [group, list] of Object.entries(set.field_groups ?? {})) {
    list.forEach((name, k) => {
      field(name, ['field_groups', group, k], `field group "${group}"`);
    });
  }
  const ruleIds = new Set<string>();
  for (const { rule, path } of rulesWithPaths(set)) {
    if (typeof rule.id !== 'string' || rule.id === '') {
      problems.push({ path, kind: 'missing-rule-id', message: 'a rule has no id' });
    } else if (ruleIds.has(rule.id)) {
      problems.push({
        path: [...path, 'id'],
        kind: 'duplicate-rule-id',
        message: `two rules share the id "${rule.id}"`,
      });
    } else {
      ruleIds.add(rule.id);
    }
    field(rule.field, [...path, 'field'], `rule "${rule.id}"`);
  }
  (set.outcome_tables ?? []).forEach((table, i) => {
    const ids = new Set<string>();
    table.questions.forEach((question, j) => {
      field(question.field, ['outcome_tables', i, 'questions', j, 'field'], `question "${question.id}"`);
      if (ids.has(question.id)) {
        problems.push({
          path: ['outcome_tables', i, 'questions', j, 'id'],
          kind: 'duplicate-question-id',
          message: `outcome table "${table.id}" has two questions with id "${question.id}"`,
        });
      }
      ids.add(question.id);
    });
  });
  const docScope: LogicScope = { fields, ctxKeys: contextKeysOf(set), params: null, doc: true };
  for (const site of logicSites(set)) {
    const scope: LogicScope =
      site.scope === 'form'
        ? { ...docScope, doc: false }
        : site.scope === 'rule'
          ? { ...docScope, params: new Set(Object.keys(site.rule?.params ?? {})) }
          : docScope;
    for (const problem of logicProblems(site.expression, scope)) {
      problems.push({ path: site.path, kind: 'unknown-name', message: problem });
    }
  }
  return problems;
}
