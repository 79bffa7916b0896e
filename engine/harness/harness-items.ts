import type { CompiledRule, CompiledSchemaSet } from '../compile-schema-set.ts';
import { compiledFormFor } from '../compiled-form-for.ts';
import { computeFields } from '../compute-fields.ts';
import { evaluateOutcomes } from '../evaluate-outcomes.ts';
import { isEmptyValue } from '../is-empty-value.ts';
import { requiredInForm } from '../is-required.ts';
import { isTruthy } from '../is-truthy.ts';
import type { LintPath } from '../lint/lint-problem.ts';
import { rulesWithPaths } from '../lint/logic-sites.ts';
import { fieldsRead } from '../logic-nodes.ts';
import type { BehaviourExample, Doc, RuleContext } from '../types.ts';
import { validateDocument } from '../validate-document.ts';

/** What an item did for one document: fired (a rule's message, a question's outcome, a condition true), stayed quiet, or was not reached. */
export type ItemOutcome = 'fires' | 'quiet' | 'skip';

/** One thing of the set the harness must see both firing and not firing. */
export interface HarnessItem {
  path: LintPath;
  /** Rule, question, condition... for messages. */
  label: string;
  /** The field it belongs to (whose form decides the contexts it is tried in), if any. */
  field?: string;
  /** Fields whose values decide it: the ones to vary. */
  reads: string[];
  evaluate(doc: Doc, ctx: RuleContext): ItemOutcome;
  /** Problem kinds when it never fires / never stays quiet / is never reached. */
  kinds: { neverFires: string; neverQuiet: string; neverReached?: string };
  examples?: BehaviourExample[];
  /** The message a document gets from it when it fires (a rule's text, a question's message). */
  messageFor?(doc: Doc, ctx: RuleContext): string | undefined;
  /** The outcome an example expects, compared with what the document gives (null: matches). */
  checkExample?(example: BehaviourExample, doc: Doc, ctx: RuleContext): string | null;
}

/**
 * Every item of a compiled set the harness covers: field and cross rules, applicability entries,
 * `required_when` entries, computed fields and outcome questions, each with how to tell whether it
 * fires for a document. Issue 10, rule harness.
 */
export function harnessItems(compiled: CompiledSchemaSet): HarnessItem[] {
  const items: HarnessItem[] = [];
  const formOf = (ctx: RuleContext) => {
    try {
      return compiledFormFor(compiled, ctx);
    } catch {
      return undefined;
    }
  };
  const shows = (field: string, doc: Doc, ctx: RuleContext): boolean => {
    const form = formOf(ctx);
    if (!form?.members.has(field)) return false;
    const condition = compiled.applicability.get(field);
    return condition === undefined || isTruthy(condition({ doc, ctx }));
  };
  for (const { rule, path } of rulesWithPaths(compiled.set)) {
    const compiledRule = compiled.rulesByField.get(rule.field)?.find((entry) => entry.rule.id === rule.id);
    if (!compiledRule) continue;
    items.push({
      path,
      label: `rule "${rule.id}"`,
      field: rule.field,
      reads: unique([
        rule.field,
        ...fieldsRead(rule.when),
        ...Object.values(rule.params ?? {}).flatMap(fieldsRead),
        ...fieldsRead(rule.assert),
        ...fieldsRead(compiled.set.applicability?.[rule.field]),
      ]),
      evaluate: (doc, ctx) => ruleOutcome(compiled, compiledRule, doc, ctx, shows),
      kinds: {
        neverFires: 'rule-never-fails',
        neverQuiet: 'rule-always-fails',
        neverReached: 'rule-never-runs',
      },
      examples: rule.examples,
      messageFor: (doc, ctx) =>
        validateDocument(compiled, doc, ctx, { fields: [rule.field] }).find(
          (message) => message.rule_id === rule.id,
        )?.message,
      checkExample: (example, doc, ctx) => {
        if (example.message === undefined) return null;
        const first = validateDocument(compiled, doc, ctx, { fields: [rule.field] })[0];
        const fired = first?.rule_id === rule.id;
        if (example.message === null)
          return fired ? `the rule fired ("${first.message}"); the example expects no message from it` : null;
        if (!fired)
          return `the rule did not fire (the field shows ${first ? `"${first.message}"` : 'nothing'}); the example expects "${example.message}"`;
        return first.message === example.message
          ? null
          : `the rule says "${first.message}"; the example expects "${example.message}"`;
      },
    });
  }
  for (const [field, condition] of compiled.applicability) {
    items.push({
      path: ['applicability', field],
      label: `applicability of "${field}"`,
      field,
      reads: fieldsRead(compiled.set.applicability[field]),
      evaluate: (doc, ctx) =>
        formOf(ctx)?.members.has(field) ? (isTruthy(condition({ doc, ctx })) ? 'fires' : 'quiet') : 'skip',
      kinds: { neverFires: 'applicability-never-true', neverQuiet: 'applicability-never-false' },
    });
  }
  for (const [field, condition] of compiled.requiredWhen) {
    items.push({
      path: ['required_when', field],
      label: `required_when of "${field}"`,
      field,
      reads: unique([
        ...fieldsRead(compiled.set.required_when?.[field]),
        ...fieldsRead(compiled.set.applicability?.[field]),
      ]),
      evaluate: (doc, ctx) =>
        shows(field, doc, ctx) ? (isTruthy(condition({ doc, ctx })) ? 'fires' : 'quiet') : 'skip',
      kinds: { neverFires: 'required-when-never-true', neverQuiet: 'required-when-always-true' },
    });
  }
  for (const [field] of compiled.computed) {
    items.push({
      path: ['computed', field],
      label: `computed "${field}"`,
      field,
      reads: fieldsRead(compiled.set.computed[field]),
      evaluate: (doc, ctx) => (computeFields(compiled, doc, ctx)[field] === null ? 'quiet' : 'fires'),
      kinds: { neverFires: 'computed-always-null', neverQuiet: 'computed-never-null' },
    });
  }
  compiled.set.outcome_tables.forEach((table, i) => {
    table.questions.forEach((question, j) => {
      const applies = (doc: Doc, ctx: RuleContext) =>
        evaluateOutcomes(compiled, doc, ctx).some(
          (o) => o.table_id === table.id && o.question_id === question.id,
        );
      items.push({
        path: ['outcome_tables', i, 'questions', j],
        label: `question "${question.id}"`,
        field: question.field,
        reads: unique([
          question.field,
          ...fieldsRead(table.when),
          ...fieldsRead(compiled.set.applicability?.[question.field]),
        ]),
        evaluate: (doc, ctx) =>
          shows(question.field, doc, ctx) ? (applies(doc, ctx) ? 'fires' : 'quiet') : 'skip',
        kinds: { neverFires: 'question-never-applies', neverQuiet: 'question-always-applies' },
        examples: question.examples,
        messageFor: () => question.message,
        checkExample: (example, doc, ctx) => {
          if (example.outcome === undefined) return null;
          const got = applies(doc, ctx) ? question.outcome : null;
          return got === example.outcome
            ? null
            : `the outcome is ${JSON.stringify(got)}; the example expects ${JSON.stringify(example.outcome)}`;
        },
      });
    });
  });
  return items;
}

/** Whether a rule fires for a document: only once every check before it on its field let the value through. */
function ruleOutcome(
  compiled: CompiledSchemaSet,
  compiledRule: CompiledRule,
  doc: Doc,
  ctx: RuleContext,
  shows: (field: string, doc: Doc, ctx: RuleContext) => boolean,
): ItemOutcome {
  const data = { doc, ctx };
  const { field } = compiledRule.rule;
  if (compiled.rulesApplyWhen && !isTruthy(compiled.rulesApplyWhen(data))) return 'skip';
  if (!shows(field, doc, ctx)) return 'skip';
  const value = doc[field];
  const empty = isEmptyValue(value);
  if (empty && requiredInForm(compiled, compiledFormFor(compiled, ctx), field, data)) return 'skip';
  if (!empty && !compiled.validators[field](value)) return 'skip';
  for (const other of compiled.rulesByField.get(field) ?? []) {
    if (empty && other.rule.skip_empty) {
      if (other === compiledRule) return 'skip';
      continue;
    }
    if (other.when && !isTruthy(other.when(data))) {
      if (other === compiledRule) return 'skip';
      continue;
    }
    const fails = ruleFails(other, data);
    if (other === compiledRule) return fails ? 'fires' : 'quiet';
    if (fails) return 'skip';
  }
  return 'skip';
}

function ruleFails(compiledRule: CompiledRule, data: { doc: Doc; ctx: RuleContext }): boolean {
  try {
    const params: Record<string, unknown> = {};
    for (const [name, expression] of compiledRule.params) params[name] = expression(data);
    return !isTruthy(compiledRule.assert({ ...data, params }));
  } catch {
    return true;
  }
}

function unique(fields: string[]): string[] {
  return fields.filter((field, index) => fields.indexOf(field) === index);
}
