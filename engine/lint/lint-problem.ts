/**
 * One problem a schema-set lint finds. `path` is the JSON pointer of the offending value inside the
 * `SchemaSet` object, as segments (`['field_rules', 3, 'assert']`, `['schemas', 2, 'properties',
 * 'phone', 'default']`); a reader that knows which file each part came from turns it into
 * `file#/json/pointer` (engine/node/read-schema-set-dir.ts). `kind` names the check that found it
 * (kebab-case, stable: tests and recorded exceptions refer to it); `message` says what is wrong in
 * a product person's words. Issue 10, schema lint.
 */
export interface LintProblem {
  path: (string | number)[];
  kind: string;
  message: string;
}
