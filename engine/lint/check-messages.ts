import { FORMATS, KNOWN_PLACEHOLDERS } from '../compile-schema-set.ts';
import type { LintContext } from './lint-context.ts';
import type { LintPath, LintProblem } from './lint-problem.ts';
import { rulesWithPaths } from './logic-sites.ts';

/** The placeholders each library message may use (docs/schema-format.md "Messages"). */
const LIBRARY_PLACEHOLDERS: Record<string, string[]> = {
  required: ['label', 'field_name'],
  numeric: ['label'],
  between: ['label', 'min', 'max'],
  minimum: ['label', 'min'],
  maximum: ['label', 'max'],
  min_length: ['label', 'min'],
  max_length: ['label', 'max'],
  email: ['label'],
  invalid_option: ['label'],
  multiple_of: ['label', 'step'],
  invalid: ['label'],
  fallback: [],
};

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/**
 * Message templates whose placeholders would show as typed (`{lable}`): `messages.json` entries
 * (each library key's own placeholders), every field's `x-required-message`, each form's
 * `required_message`, and each rule's message (`{label}`, `{field_name}`, its params). Also a
 * missing `required`/`fallback` message (`missing-message`), a rule without a message, and a rule
 * `format` on an unknown param or of an unknown kind (`unknown-format`). Kind `unknown-placeholder`.
 * Issue 10, schema lint.
 */
export function checkMessages(context: LintContext): LintProblem[] {
  const { set } = context;
  const problems: LintProblem[] = [];
  const check = (template: unknown, allowed: readonly string[], path: LintPath, where: string): void => {
    if (typeof template !== 'string') return;
    for (const match of template.matchAll(PLACEHOLDER)) {
      if (!allowed.includes(match[1])) {
        problems.push({
          path,
          kind: 'unknown-placeholder',
          message: `${where} uses "{${match[1]}}", which is not one of ${allowed.length ? allowed.map((name) => `{${name}}`).join(', ') : 'no placeholders'}`,
        });
      }
    }
  };
  for (const key of ['required', 'fallback']) {
    if (typeof set.messages?.[key] !== 'string') {
      problems.push({ path: ['messages'], kind: 'missing-message', message: `messages.${key} is missing` });
    }
  }
  for (const [key, template] of Object.entries(set.messages ?? {})) {
    check(template, LIBRARY_PLACEHOLDERS[key] ?? KNOWN_PLACEHOLDERS, ['messages', key], `message "${key}"`);
  }
  for (const [field, path] of context.fieldPaths) {
    check(
      context.properties[field]?.['x-required-message'],
      KNOWN_PLACEHOLDERS,
      [...path, 'x-required-message'],
      `the required message of "${field}"`,
    );
  }
  (set.forms ?? []).forEach((form, index) => {
    check(
      form.required_message,
      KNOWN_PLACEHOLDERS,
      ['forms', index, 'required_message'],
      `form "${form.id}" required message`,
    );
  });
  for (const { rule, path } of rulesWithPaths(set)) {
    const params = Object.keys(rule.params ?? {});
    if (typeof rule.message !== 'string') {
      problems.push({ path, kind: 'missing-message', message: `rule "${rule.id}" has no message` });
    }
    check(
      rule.message,
      [...KNOWN_PLACEHOLDERS, ...params],
      [...path, 'message'],
      `rule "${rule.id}" message`,
    );
    for (const [name, format] of Object.entries(rule.format ?? {})) {
      if (!params.includes(name) || !FORMATS.has(format)) {
        problems.push({
          path: [...path, 'format', name],
          kind: 'unknown-format',
          message: `rule "${rule.id}" formats ${params.includes(name) ? `"${name}" as unknown "${format}"` : `unknown param "${name}"`}`,
        });
      }
    }
  }
  return problems;
}
