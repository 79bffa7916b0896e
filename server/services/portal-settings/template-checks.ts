/**
 * Checks of the short codes and Liquid in texts an admin saves: e-mail and SMS templates, banners
 * and other settings items (docs/api-accounts.md Templates,
 * docs/decisions/250-template-preview-and-checks-on-save.md).
 */
import { ApiError } from '../../http/api-error.ts';
import { TemplateRenderError } from '../../messaging/render-template.ts';
import { checkShortCodeTemplate, SHORT_CODES } from '../../messaging/short-codes.ts';

/**
 * Throws 422 `Unknown short code: {{x}}.` for the first `{{...}}` of `texts` that is not one of
 * SHORT_CODES. docs/api-accounts.md Templates.
 */
export function checkShortCodes(texts: unknown[]): void {
  const known = new Set(SHORT_CODES.map((entry) => entry.code));
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const match of text.matchAll(/\{\{[^{}]*\}\}/g)) {
      if (!known.has(match[0])) throw new ApiError(422, `Unknown short code: ${match[0]}.`);
    }
  }
}

/**
 * Throws 422 naming the field (`subject`, `body`) when a template's text is not valid Liquid
 * (`Template syntax error: ...`), uses a variable that is no short code (`Unknown short code:
 * {{x}}.`) or writes "$" before one that carries it (checkShortCodeTemplate).
 * docs/decisions/250-template-preview-and-checks-on-save.md.
 */
export function checkTemplateTexts(item: Record<string, unknown>): void {
  for (const field of ['subject', 'body']) {
    const text = item[field];
    if (typeof text !== 'string') continue;
    try {
      checkShortCodeTemplate(text);
    } catch (error) {
      if (error instanceof TemplateRenderError)
        throw new ApiError(422, error.message, { [field]: error.message });
      throw error;
    }
  }
}
