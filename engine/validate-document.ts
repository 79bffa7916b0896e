import type { CompiledForm, CompiledRule, CompiledSchemaSet } from './compile-schema-set.ts';
import { compiledFormFor } from './compiled-form-for.ts';
import { fieldLabel } from './field-label.ts';
import { formatParam } from './format-param.ts';
import { isEmptyValue } from './is-empty-value.ts';
import { requiredInForm } from './is-required.ts';
import { isTruthy } from './is-truthy.ts';
import { renderTemplate } from './render-template.ts';
import { typeCheckMessage } from './type-check-message.ts';
import type { Doc, RuleContext, ValidationMessage } from './types.ts';

/**
 * Every failing check of a document, in the order docs/schema-format.md fixes: nothing when
 * `rules_apply_when` is false; else, for each applicable field of the ctx's form in form order,
 * the required check (rule_id `required:<field>`; a field is required unless its form lists it in
 * `optional` and its `required_when` does not hold), then the field's JSON Schema check (rule_id
 * `type:<field>`, skipped for an empty value), then its field rules and cross rules in
 * declaration order. At most one message per field: the first check that fails ends that
 * field's chain. An optional empty field skips the type check and `skip_empty` rules only.
 * `options.fields` restricts the run to those fields (still in form order).
 * Throws Error('No form for context ...') when no form matches ctx.
 * SPEC §5 (field rules, conditional removal, cross rules, first failing message).
 */
export function validateDocument(
  compiled: CompiledSchemaSet,
  doc: Doc,
  ctx: RuleContext,
  options?: { fields?: string[] },
): ValidationMessage[] {
  const data = { doc, ctx };
  if (compiled.rulesApplyWhen && !isTruthy(compiled.rulesApplyWhen(data))) return [];
  const form = compiledFormFor(compiled, ctx);
  const only = options?.fields ? new Set(options.fields) : undefined;
  const messages: ValidationMessage[] = [];
  for (const field of form.fields) {
    if (only && !only.has(field)) continue;
    const applicable = compiled.applicability.get(field);
    if (applicable && !isTruthy(applicable(data))) continue;
    const message = fieldMessage(compiled, form, field, data);
    if (message) messages.push(message);
  }
  return messages;
}

/**
 * The first failing check of one field of `form`, applicability aside (the caller has decided the
 * field applies): the required check, the type check, then its rules, as validateDocument
 * describes; undefined when all pass. The one place the chain is written (validateDocument,
 * document-checks.ts).
 */
export function fieldMessage(
  compiled: CompiledSchemaSet,
  form: CompiledForm,
  field: string,
  data: { doc: Doc; ctx: RuleContext },
): ValidationMessage | undefined {
  const value = data.doc[field];
  const empty = isEmptyValue(value);
  if (empty) {
    if (requiredInForm(compiled, form, field, data)) {
      return requiredMessage(compiled, form.requiredTemplate, field, value);
    }
  } else {
    const validator = compiled.validators[field];
    if (!validator(value)) return typeCheckMessage(compiled, field, value, validator.errors?.[0]);
  }
  const rules = compiled.rulesByField.get(field);
  if (!rules) return undefined;
  for (const rule of rules) {
    if (empty && rule.rule.skip_empty) continue;
    const failed = runRule(compiled, rule, field, value, data);
    if (failed) return failed;
  }
  return undefined;
}

function requiredMessage(
  compiled: CompiledSchemaSet,
  formTemplate: string | undefined,
  field: string,
  value: unknown,
): ValidationMessage {
  const template = compiled.requiredTemplates.get(field) ?? formTemplate ?? compiled.set.messages.required;
  return {
    field,
    rule_id: `required:${field}`,
    message: renderTemplate(template, fieldLabel(compiled, field)),
    values: { [field]: value },
  };
}

/** The rule's message when it applies and its assert is falsy, else undefined. */
function runRule(
  compiled: CompiledSchemaSet,
  compiledRule: CompiledRule,
  field: string,
  value: unknown,
  data: { doc: Doc; ctx: RuleContext },
): ValidationMessage | undefined {
  if (compiledRule.when && !isTruthy(compiledRule.when(data))) return undefined;
  let ruleData: { doc: Doc; ctx: RuleContext; params?: Record<string, unknown> } = data;
  let params: Record<string, unknown> | undefined;
  if (compiledRule.params.length > 0) {
    params = {};
    for (const [name, expression] of compiledRule.params) params[name] = expression(data);
    ruleData = { doc: data.doc, ctx: data.ctx, params };
  }
  if (isTruthy(compiledRule.assert(ruleData))) return undefined;
  const { rule } = compiledRule;
  const texts: Record<string, string> = { ...fieldLabel(compiled, field) };
  if (params) {
    for (const [name, param] of Object.entries(params)) texts[name] = formatParam(param, rule.format?.[name]);
  }
  return {
    field,
    rule_id: rule.id,
    message: renderTemplate(compiledRule.template, texts),
    values: { [field]: value, ...params },
  };
}
