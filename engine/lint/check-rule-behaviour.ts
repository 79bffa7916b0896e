import type { CompiledRule, CompiledSchemaSet } from '../compile-schema-set.ts';
import { isEmptyValue } from '../is-empty-value.ts';
import { isTruthy } from '../is-truthy.ts';
import { fieldsRead } from '../logic-nodes.ts';
import type { Doc, RuleContext } from '../types.ts';
import { candidateValues } from './candidate-values.ts';
import { formContexts } from './form-contexts.ts';
import type { LintContext } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';
import { rulesWithPaths } from './logic-sites.ts';

/** Documents tried per rule and context at most (sampled beyond that, deterministically). */
const MAX_DOCUMENTS = 2000;
/** Contexts tried per form at most. */
const MAX_CONTEXTS = 3;

/**
 * Rules whose behaviour shows they are mistaken, found by trying documents made of each field's
 * candidate values (candidateValues) in every form that shows the rule's field: a rule that never
 * runs (its field never applies or its `when` never holds: `rule-never-runs`), one that never
 * fails on a value the earlier checks let through (dead: the required or type check always answers
 * first, or the assert holds for everything: `rule-never-fails`) and one that fails on every value
 * (`rule-always-fails`), each with a document as counter-example. Evaluation errors count as
 * failures, as validation treats them. Needs the compiled set. Issue 10, schema lint.
 */
export function checkRuleBehaviour(context: LintContext): LintProblem[] {
  const { compiled } = context;
  if (!compiled) return [];
  const candidates = candidateValues(context.set, context.properties, context.examples);
  const contextsByForm = formContexts(context.set).map((contexts) =>
    contexts
      .filter((ctx) => !compiled.rulesApplyWhen || isTruthy(compiled.rulesApplyWhen({ doc: {}, ctx })))
      .slice(0, MAX_CONTEXTS),
  );
  const problems: LintProblem[] = [];
  for (const { rule, path } of rulesWithPaths(context.set)) {
    const compiledRule = compiled.rulesByField.get(rule.field)?.find((entry) => entry.rule.id === rule.id);
    if (!compiledRule) continue;
    const outcome = tryRule(compiled, compiledRule, contextsByForm, candidates);
    if (!outcome.ran) {
      problems.push({
        path,
        kind: 'rule-never-runs',
        message: `rule "${rule.id}" never runs: in no form does "${rule.field}" apply with its "when" holding`,
      });
    } else if (!outcome.failed) {
      problems.push({
        path,
        kind: 'rule-never-fails',
        message: `rule "${rule.id}" never fails on a value that passes the checks before it (required, type), so its message can never show; tried ${outcome.tried} documents, e.g. ${JSON.stringify(outcome.passedOn)}`,
      });
    } else if (!outcome.passed) {
      problems.push({
        path,
        kind: 'rule-always-fails',
        message: `rule "${rule.id}" fails on every value tried (${outcome.tried} documents), e.g. ${JSON.stringify(outcome.failedOn)}`,
      });
    }
  }
  return problems;
}

interface RuleOutcome {
  ran: boolean;
  failed: boolean;
  passed: boolean;
  tried: number;
  failedOn?: Doc;
  passedOn?: Doc;
}

function tryRule(
  compiled: CompiledSchemaSet,
  compiledRule: CompiledRule,
  contextsByForm: RuleContext[][],
  candidates: Map<string, unknown[]>,
): RuleOutcome {
  const { rule } = compiledRule;
  const outcome: RuleOutcome = { ran: false, failed: false, passed: false, tried: 0 };
  const reads = [
    rule.field,
    ...fieldsRead(rule.when),
    ...Object.values(rule.params ?? {}).flatMap(fieldsRead),
    ...fieldsRead(rule.assert),
    ...fieldsRead(compiled.set.applicability?.[rule.field]),
  ].filter((field, index, all) => all.indexOf(field) === index && compiled.properties[field]);
  compiled.forms.forEach(({ compiled: form }, formIndex) => {
    if (!form.members.has(rule.field)) return;
    const required = !form.optional.has(rule.field);
    // Values of the rule's own field that reach it: the required, type and skip_empty checks come first.
    const own = (candidates.get(rule.field) ?? []).filter((value) => {
      if (isEmptyValue(value)) return !required && !rule.skip_empty;
      return compiled.validators[rule.field](value) === true;
    });
    const lists = reads.map((field) => (field === rule.field ? own : (candidates.get(field) ?? [null])));
    for (const ctx of contextsByForm[formIndex] ?? []) {
      for (const doc of documents(reads, lists)) {
        outcome.tried++;
        const data = { doc, ctx };
        const applicability = compiled.applicability.get(rule.field);
        if (applicability && !isTruthy(applicability(data))) continue;
        if (compiledRule.when && !isTruthy(compiledRule.when(data))) continue;
        outcome.ran = true;
        if (holds(compiledRule, data)) {
          outcome.passed = true;
          outcome.passedOn ??= doc;
        } else {
          outcome.failed = true;
          outcome.failedOn ??= doc;
        }
        if (outcome.passed && outcome.failed) return;
      }
    }
  });
  return outcome;
}

function holds(compiledRule: CompiledRule, data: { doc: Doc; ctx: RuleContext }): boolean {
  try {
    const params: Record<string, unknown> = {};
    for (const [name, expression] of compiledRule.params) params[name] = expression(data);
    return isTruthy(compiledRule.assert({ ...data, params }));
  } catch {
    return false;
  }
}

/** The documents over `fields`: every combination when few, else MAX_DOCUMENTS seeded picks. */
function* documents(fields: string[], lists: unknown[][]): Generator<Doc> {
  if (lists.some((list) => list.length === 0)) return;
  const total = lists.reduce((product, list) => product * list.length, 1);
  if (total <= MAX_DOCUMENTS) {
    for (let n = 0; n < total; n++) {
      let rest = n;
      const doc: Doc = {};
      fields.forEach((field, index) => {
        doc[field] = lists[index][rest % lists[index].length];
        rest = Math.floor(rest / lists[index].length);
      });
      yield doc;
    }
    return;
  }
  let seed = 0x9e3779b9;
  const next = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let n = 0; n < MAX_DOCUMENTS; n++) {
    const doc: Doc = {};
    fields.forEach((field, index) => {
      doc[field] = lists[index][Math.floor(next() * lists[index].length)];
    });
    yield doc;
  }
}
