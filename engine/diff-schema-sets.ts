import { flattenFieldSchemas } from './compile-schema-set.ts';
import { optionsOf } from './lint/lint-context.ts';
import type { JsonSchema, Rule, SchemaSet } from './types.ts';

/** One difference between two schema sets, in words a product person reads. */
export interface SchemaSetChange {
  /** Where, in the later set (or the earlier one for a removal): `['field_rules', 'phone-min-length']` style ids, not indexes. */
  path: string[];
  change: 'added' | 'removed' | 'changed';
  /** One line: `Field "phone": label "Phone" -> "Mobile phone"`. */
  sentence: string;
}

const show = (value: unknown): string => (value === undefined ? 'none' : JSON.stringify(value));
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Flattened field schemas and their JSON by object, kept while the set or schema lives: the studio
 * diffs every keystroke's draft against one base, whose ~300 fields are then flattened and written
 * out once, not per keystroke (ADR 781). Sets and their schemas are values here, never changed.
 */
const flattened = new WeakMap<SchemaSet, Record<string, JsonSchema>>();
const written = new WeakMap<JsonSchema, string>();

function fieldsOf(set: SchemaSet): Record<string, JsonSchema> {
  let properties = flattened.get(set);
  if (!properties) {
    properties = flattenFieldSchemas(set).properties;
    flattened.set(set, properties);
  }
  return properties;
}

function jsonOf(schema: JsonSchema): string {
  let json = written.get(schema);
  if (json === undefined) {
    json = JSON.stringify(schema);
    written.set(schema, json);
  }
  return json;
}

/** Field schema keywords described by name; any other keyword change is "its check changed". */
const FIELD_WORDS: Record<string, string> = {
  title: 'label',
  description: 'help',
  default: 'default',
  'x-widget': 'widget',
  'x-required-message': 'required message',
  'x-messages': 'type-check messages',
  'x-clear-when-hidden': 'clear when hidden',
};

/**
 * The differences from `before` to `after`, as a readable list: fields added and removed, a field's
 * label, help, default, widget, required message, options (each added or removed) and other checks;
 * forms added/removed and their sections, field order, optional list and layout; applicability,
 * `required_when` and computed entries; rules by id (which parts changed: field, when, params,
 * assert, message, format, skip_empty); message texts; outcome questions by table and id;
 * migrations added; cases by file and id (added, removed, changed). Empty for equal sets. Throws SchemaSetError when a set's schemas do not resolve.
 * Issue 11 (versions: diff of any two).
 */
export function diffSchemaSets(before: SchemaSet, after: SchemaSet): SchemaSetChange[] {
  const changes: SchemaSetChange[] = [];
  const add = (path: string[], change: SchemaSetChange['change'], sentence: string) =>
    changes.push({ path, change, sentence });

  const a = fieldsOf(before);
  const b = fieldsOf(after);
  for (const field of Object.keys(b))
    if (!(field in a)) add(['fields', field], 'added', `Field "${field}" (${show(b[field].title)}) added`);
  for (const field of Object.keys(a))
    if (!(field in b))
      add(['fields', field], 'removed', `Field "${field}" (${show(a[field].title)}) removed`);
  for (const field of Object.keys(b))
    if (field in a && jsonOf(a[field]) !== jsonOf(b[field])) diffField(field, a[field], b[field], add);

  const formsBefore = new Map(before.forms.map((form) => [form.id, form]));
  const formsAfter = new Map(after.forms.map((form) => [form.id, form]));
  for (const [id, form] of formsAfter) {
    const old = formsBefore.get(id);
    if (!old) {
      add(['forms', id], 'added', `Form "${id}" added`);
      continue;
    }
    for (const part of ['when', 'sections', 'optional', 'required_message', 'ui'] as const) {
      if (!same(old[part], form[part])) {
        add(
          ['forms', id, part],
          'changed',
          `Form "${id}": ${part === 'ui' ? 'layout' : part.replace('_', ' ')} changed`,
        );
      }
    }
  }
  for (const id of formsBefore.keys())
    if (!formsAfter.has(id)) add(['forms', id], 'removed', `Form "${id}" removed`);
  // The order forms are tried in decides which one a context gets.
  const orderBefore = before.forms.map((f) => f.id).filter((id) => formsAfter.has(id));
  const orderAfter = after.forms.map((f) => f.id).filter((id) => formsBefore.has(id));
  if (!same(orderBefore, orderAfter))
    add(['forms'], 'changed', `Form order: ${orderBefore.join(', ')} -> ${orderAfter.join(', ')}`);

  for (const [key, label] of [
    ['applicability', 'When it applies'],
    ['required_when', 'When it is required'],
    ['computed', 'Computed value'],
  ] as const) {
    diffRecord(before[key] ?? {}, after[key] ?? {}, (field, change) =>
      add([key, field], change, `${label} of "${field}" ${change}`),
    );
  }
  if (!same(before.rules_apply_when, after.rules_apply_when))
    add(['rules_apply_when'], 'changed', 'When rules run at all changed');

  const rulesBefore = rulesById(before);
  const rulesAfter = rulesById(after);
  for (const [id, rule] of rulesAfter) {
    const old = rulesBefore.get(id);
    if (!old) {
      add(['rules', id], 'added', `Rule "${id}" on "${rule.field}" added`);
      continue;
    }
    const parts = (
      ['field', 'when', 'params', 'assert', 'message', 'format', 'skip_empty', 'examples'] as const
    ).filter((part) => !same(old[part], rule[part]));
    if (parts.length > 0) add(['rules', id], 'changed', `Rule "${id}": ${parts.join(', ')} changed`);
  }
  for (const [id, rule] of rulesBefore)
    if (!rulesAfter.has(id)) add(['rules', id], 'removed', `Rule "${id}" on "${rule.field}" removed`);

  diffRecord(before.messages, after.messages, (key, change) =>
    add(
      ['messages', key],
      change,
      change === 'changed'
        ? `Message "${key}": ${show(before.messages[key])} -> ${show(after.messages[key])}`
        : `Message "${key}" ${change}`,
    ),
  );

  const questions = (set: SchemaSet) =>
    new Map(
      set.outcome_tables.flatMap((table) =>
        table.questions.map((question) => [`${table.id}/${question.id}`, question] as const),
      ),
    );
  const questionsBefore = questions(before);
  const questionsAfter = questions(after);
  for (const [key, question] of questionsAfter) {
    const old = questionsBefore.get(key);
    if (!old)
      add(['outcome_tables', ...key.split('/')], 'added', `Question "${key}" added: ${question.question}`);
    else {
      const parts = (['field', 'question', 'outcome', 'when_answer', 'message', 'examples'] as const).filter(
        (part) => !same(old[part], question[part]),
      );
      if (parts.length > 0)
        add(
          ['outcome_tables', ...key.split('/')],
          'changed',
          `Question "${key}": ${parts.join(', ')} changed`,
        );
    }
  }
  for (const key of questionsBefore.keys())
    if (!questionsAfter.has(key))
      add(['outcome_tables', ...key.split('/')], 'removed', `Question "${key}" removed`);

  const known = new Set((before.migrations ?? []).map((migration) => migration.id));
  for (const migration of after.migrations ?? []) {
    if (!known.has(migration.id))
      add(
        ['migrations', migration.id],
        'added',
        `Migration "${migration.id}" added (${migration.steps.length} steps)`,
      );
  }

  const cases = (set: SchemaSet) =>
    new Map(
      (set.cases ?? []).flatMap((file) => file.cases.map((kase) => [`${file.id}/${kase.id}`, kase] as const)),
    );
  const casesBefore = cases(before);
  const casesAfter = cases(after);
  diffRecord(Object.fromEntries(casesBefore), Object.fromEntries(casesAfter), (key, change) =>
    add(['cases', ...key.split('/')], change, `Case "${key}" ${change}`),
  );
  return changes;
}

function diffField(
  field: string,
  a: JsonSchema,
  b: JsonSchema,
  add: (path: string[], change: SchemaSetChange['change'], sentence: string) => void,
): void {
  for (const [keyword, word] of Object.entries(FIELD_WORDS)) {
    if (!same(a[keyword], b[keyword]))
      add(
        ['fields', field, keyword],
        'changed',
        `Field "${field}": ${word} ${show(a[keyword])} -> ${show(b[keyword])}`,
      );
  }
  const optionsA = optionsOf(a) ?? [];
  const optionsB = optionsOf(b) ?? [];
  for (const option of optionsB)
    if (!optionsA.some((o) => same(o, option)))
      add(['fields', field, 'options'], 'added', `Field "${field}": option ${show(option)} added`);
  for (const option of optionsA)
    if (!optionsB.some((o) => same(o, option)))
      add(['fields', field, 'options'], 'removed', `Field "${field}": option ${show(option)} removed`);
  const rest = (schema: JsonSchema) =>
    Object.fromEntries(
      Object.entries(schema).filter(
        ([key]) =>
          !(key in FIELD_WORDS) && !['enum', 'oneOf', 'anyOf', 'const', '$comment', 'examples'].includes(key),
      ),
    );
  if (!same(rest(a), rest(b)))
    add(['fields', field, 'check'], 'changed', `Field "${field}": its type or bounds changed`);
}

function diffRecord(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  report: (key: string, change: SchemaSetChange['change']) => void,
): void {
  for (const key of Object.keys(b)) {
    if (!(key in a)) report(key, 'added');
    else if (!same(a[key], b[key])) report(key, 'changed');
  }
  for (const key of Object.keys(a)) if (!(key in b)) report(key, 'removed');
}

function rulesById(set: SchemaSet): Map<string, Rule> {
  return new Map([...set.field_rules, ...set.cross_rules].map((rule) => [rule.id, rule]));
}
