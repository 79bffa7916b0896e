/** A path into the `SchemaSet` object, as segments (`['field_rules', 3, 'assert']`). */
export type LintPath = (string | number)[];

/**
 * One problem a schema-set lint finds. `path` is the JSON pointer of the offending value inside the
 * `SchemaSet` object, as segments (`['field_rules', 3, 'assert']`, `['schemas', 2, 'properties',
 * 'phone', 'default']`); a reader that knows which file each part came from turns it into
 * `file#/json/pointer` (engine/node/read-schema-set-dir.ts). `kind` names the check that found it
 * (kebab-case, stable: tests and recorded exceptions refer to it); `message` says what is wrong in
 * a product person's words. Issue 10, schema lint.
 */
export interface LintProblem {
  path: LintPath;
  kind: string;
  message: string;
}

/** The JSON pointer of a lint path (`['field_rules', 3]` -> `/field_rules/3`; RFC 6901 escapes). */
export function lintPointer(path: LintPath): string {
  return path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * A lint path in words for product staff: list items named by their `id` (or `$id`), other parts as
 * written, joined by ' › ' (`['cross_rules', 4, 'when']` -> `cross_rules › sqft-contradiction › when`).
 * Parts past what `set` holds are shown as written. Generic.
 */
export function lintPathLabel(set: unknown, path: LintPath): string {
  let node: unknown = set;
  const words = path.map((part) => {
    const item =
      node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    node = item;
    if (typeof part === 'number' && item !== null && typeof item === 'object') {
      const { id, $id } = item as { id?: unknown; $id?: unknown };
      if (typeof id === 'string') return id;
      if (typeof $id === 'string') return $id.split('/').pop() ?? $id;
    }
    return String(part);
  });
  return words.join(' › ');
}
