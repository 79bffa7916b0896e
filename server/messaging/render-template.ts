/**
 * Renders a company's e-mail or SMS template with its short codes (`{{first_name}}`, ...; the
 * list is server/config/portal-settings-options.json short_codes) through LiquidJS, whose syntax
 * is the short codes' own. The one template renderer of the product (issue 14,
 * docs/decisions/214-templates-render-with-liquid.md). Templates are data an admin typed: no file
 * is ever read (an empty in-memory template store answers `include` and `render`), only own
 * properties of the values are visible, and parse and render time are bounded. Output is plain
 * text (no HTML escaping): an SMS is not HTML.
 */
import { Liquid } from 'liquidjs';

/** The values of the short codes, by name without braces; a missing one renders empty. */
export type ShortCodeValues = Record<string, string>;

const liquid = new Liquid({
  templates: {},
  ownPropertyOnly: true,
  strictVariables: false,
  strictFilters: true,
  // Bounds against a pathological template: characters parsed, milliseconds rendering.
  parseLimit: 100_000,
  renderLimit: 1_000,
  memoryLimit: 10_000_000,
});

/**
 * `template` with each short code replaced by its value. Throws TemplateRenderError (a message
 * for the admin or agent) when the template is not valid Liquid.
 */
export function renderTemplate(template: string, values: ShortCodeValues): string {
  try {
    return liquid.parseAndRenderSync(template, values);
  } catch (error) {
    throw new TemplateRenderError(
      `The template cannot be rendered: ${(error as Error).message.split('\n')[0]}`,
    );
  }
}

/**
 * Checks a template before it is stored or sent: throws TemplateRenderError with `Unknown short
 * code: {{name}}.` for the first variable that is not one of `knownNames` (short code names
 * without braces), with LiquidJS's first line for a template that does not parse (an unclosed tag,
 * an unknown filter), or, for a `$` written right before a short code of `withDollarSign` (whose
 * value already carries it, `$1,234.50`), with `Write {{name}} without a "$" before it: ...`, which
 * would print "$$1,234.50". docs/decisions/250-template-preview-and-checks-on-save.md, 759.
 */
export function checkTemplate(
  template: string,
  knownNames: ReadonlySet<string>,
  withDollarSign: ReadonlySet<string> = new Set(),
): void {
  let names: string[];
  try {
    names = liquid.globalVariablesSync(liquid.parse(template));
  } catch (error) {
    throw new TemplateRenderError(`Template syntax error: ${(error as Error).message.split('\n')[0]}.`);
  }
  const unknown = names.find((name) => !knownNames.has(name));
  if (unknown !== undefined) throw new TemplateRenderError(`Unknown short code: {{${unknown}}}.`);
  for (const [, name] of template.matchAll(/\$\s*\{\{-?\s*([A-Za-z_]\w*)/g)) {
    if (withDollarSign.has(name))
      throw new TemplateRenderError(
        `Write {{${name}}} without a "$" before it: its value carries the dollar sign (e.g. $1,234.50).`,
      );
  }
}

/** A template that is not valid Liquid (e.g. an unclosed `{% if %}`). */
export class TemplateRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}
