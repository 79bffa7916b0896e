import { FORMATS, KNOWN_PLACEHOLDERS, TYPE_CHECK_MESSAGES } from '../compile-schema-set.ts';
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
 * Messages that would show wrong or never: a key a rule, `x-required-message`, `x-messages` or a
 * form's `required_message` names that `messages.json` lacks (`unknown-message-key`); a template
 * whose placeholders its users cannot fill (`{lable}`; each library message has its own, a rule's
 * message `{label}`, `{field_name}` and its params: `unknown-placeholder`, reported at the text in
 * messages.json); a message no one uses (`unused-message`); a missing `required`/`fallback`
 * (`missing-message`); a rule `format` on an unknown param or of an unknown kind (`unknown-format`).
 * Issue 10, schema lint and message keys.
 */
export function checkMessages(context: LintContext): LintProblem[] {
  const { set } = context;
  const messages = set.messages ?? {};
  const problems: LintProblem[] = [];
  const used = new Set(Object.keys(LIBRARY_PLACEHOLDERS));
  const placeholders = (key: string, allowed: readonly string[], user: string): void => {
    for (const match of String(messages[key]).matchAll(PLACEHOLDER)) {
      if (!allowed.includes(match[1])) {
        problems.push({
          path: ['messages', key],
          kind: 'unknown-placeholder',
          message: `message "${key}" uses "{${match[1]}}", which ${user} cannot fill (it can: ${allowed.map((name) => `{${name}}`).join(', ') || 'none'})`,
        });
      }
    }
  };
  const use = (key: unknown, path: LintPath, allowed: readonly string[], user: string): void => {
    if (typeof key !== 'string' || typeof messages[key] !== 'string') {
      problems.push({
        path,
        kind: 'unknown-message-key',
        message: `${user} names message "${String(key)}", which messages.json does not have`,
      });
      return;
    }
    used.add(key);
    if (!(key in LIBRARY_PLACEHOLDERS)) placeholders(key, allowed, user);
  };
  for (const key of ['required', 'fallback']) {
    if (typeof messages[key] !== 'string') {
      problems.push({ path: ['messages'], kind: 'missing-message', message: `messages.${key} is missing` });
    }
  }
  for (const [key, allowed] of Object.entries(LIBRARY_PLACEHOLDERS)) {
    if (typeof messages[key] === 'string') placeholders(key, allowed, `the library message "${key}"`);
  }
  for (const [field, path] of context.fieldPaths) {
    const schema = context.properties[field];
    if (schema?.['x-required-message'] !== undefined) {
      use(
        schema['x-required-message'],
        [...path, 'x-required-message'],
        KNOWN_PLACEHOLDERS,
        `the required message of "${field}"`,
      );
    }
    const overrides = schema?.['x-messages'];
    for (const [check, key] of Object.entries((overrides ?? {}) as Record<string, unknown>)) {
      if (!TYPE_CHECK_MESSAGES.has(check)) {
        problems.push({
          path: [...path, 'x-messages', check],
          kind: 'unknown-message-key',
          message: `"${check}" of "${field}" is not a type-check message`,
        });
      } else {
        use(
          key,
          [...path, 'x-messages', check],
          LIBRARY_PLACEHOLDERS[check],
          `"${field}" x-messages.${check}`,
        );
      }
    }
  }
  (set.forms ?? []).forEach((form, index) => {
    if (form.required_message !== undefined) {
      use(
        form.required_message,
        ['forms', index, 'required_message'],
        KNOWN_PLACEHOLDERS,
        `form "${form.id}" required message`,
      );
    }
  });
  for (const { rule, path } of rulesWithPaths(set)) {
    const params = Object.keys(rule.params ?? {});
    if (rule.message === undefined) {
      problems.push({ path, kind: 'missing-message', message: `rule "${rule.id}" has no message` });
    } else {
      use(rule.message, [...path, 'message'], [...KNOWN_PLACEHOLDERS, ...params], `rule "${rule.id}"`);
    }
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
  for (const key of Object.keys(messages)) {
    if (!used.has(key))
      problems.push({
        path: ['messages', key],
        kind: 'unused-message',
        message: `message "${key}" is used by nothing`,
      });
  }
  return problems;
}
