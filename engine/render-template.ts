/**
 * Fills a message template: each `{name}` whose name is a key of `values` is replaced by that
 * text; other braces stay as written. docs/schema-format.md (message templates).
 */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name] : whole,
  );
}
