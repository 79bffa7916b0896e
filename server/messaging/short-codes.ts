/**
 * The short codes templates may use (server/config/portal-settings-options.json short_codes:
 * `{code: "{{first_name}}", description, with_dollar_sign?}`) and the one check of a template's
 * text against them, for the templates an admin saves and the subject and message an agent sends
 * (issue 14 Templates and short codes; issue 43; docs/decisions/759-short-codes-checked-when-sent.md).
 */
import options from '../config/portal-settings-options.json' with { type: 'json' };
import { checkTemplate } from './render-template.ts';

/** The short codes as the settings page lists them: `{code, description}`. */
export const SHORT_CODES: { code: string; description: string }[] = options.short_codes.map(
  ({ code, description }) => ({ code, description }),
);

/** A code's name without its braces: `{{first_name}}` -> `first_name`. */
const nameOf = (code: string) => code.slice(2, -2);

const SHORT_CODE_NAMES: ReadonlySet<string> = new Set(SHORT_CODES.map((entry) => nameOf(entry.code)));

/** Names of the codes whose value carries its dollar sign (`$1,234.50`). */
const WITH_DOLLAR_SIGN: ReadonlySet<string> = new Set(
  options.short_codes
    .filter((entry) => 'with_dollar_sign' in entry && entry.with_dollar_sign === true)
    .map((entry) => nameOf(entry.code)),
);

/**
 * Throws TemplateRenderError when `text` is not valid Liquid, uses a variable that is no short
 * code, or writes a `$` before a code that carries its own (render-template.ts checkTemplate).
 */
export function checkShortCodeTemplate(text: string): void {
  checkTemplate(text, SHORT_CODE_NAMES, WITH_DOLLAR_SIGN);
}
