/**
 * The schema studio's edits of a working copy (issue 11): each takes a SchemaSet and answers a new
 * one (immer; untouched parts keep their identity), so the editors stay pure and every edit is
 * testable without React. Fields are found where they are declared (a schema document's
 * `properties`, possibly inside `allOf`); an option list that a field takes by `$ref` from a
 * constants document is edited there, for every field that uses it. Generic: no field names here.
 * Throws Error for a field no schema declares.
 */
import { type Draft, Immer } from 'immer';
import type { FormFieldUi, JsonLogic, JsonSchema, SchemaSet } from '../../../../engine/index.ts';

/** Where a field is declared: the schema document's index and the path to its property schema. */
export interface FieldLocation {
  schemaIndex: number;
  path: (string | number)[];
}

// Not frozen: the engine's compile and the editors read these sets as plain objects.
const { produce } = new Immer({ autoFreeze: false });

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function findProperty(
  node: JsonSchema,
  field: string,
  path: (string | number)[],
): (string | number)[] | null {
  const properties = node.properties;
  if (isObject(properties) && field in properties) return [...path, 'properties', field];
  const parts = Array.isArray(node.allOf) ? (node.allOf as JsonSchema[]) : [];
  for (const [index, part] of parts.entries()) {
    const found = findProperty(part, field, [...path, 'allOf', index]);
    if (found) return found;
  }
  return null;
}

/** Where `field` is declared. Throws Error when no schema document declares it. */
export function locateField(set: SchemaSet, field: string): FieldLocation {
  for (const [schemaIndex, schema] of set.schemas.entries()) {
    const path = findProperty(schema, field, []);
    if (path) return { schemaIndex, path };
  }
  throw new Error(`no schema declares the field "${field}"`);
}

function nodeAt(root: unknown, path: (string | number)[]): Record<string, unknown> {
  let node = root as Record<string | number, unknown>;
  for (const part of path) node = node[part] as Record<string | number, unknown>;
  return node as Record<string, unknown>;
}

/** The field's own schema as declared (before `$ref` is followed). */
export function declaredFieldSchema(set: SchemaSet, field: string): JsonSchema {
  const { schemaIndex, path } = locateField(set, field);
  return nodeAt(set.schemas[schemaIndex], path);
}

/** Sets (or, with undefined, removes) one keyword of a field's declared schema (`title`, `description`, `default`, `x-widget`). */
export function setFieldKeyword(set: SchemaSet, field: string, keyword: string, value: unknown): SchemaSet {
  const { schemaIndex, path } = locateField(set, field);
  return produce(set, (draft) => {
    const node = nodeAt(draft.schemas[schemaIndex], path);
    if (value === undefined) delete node[keyword];
    else node[keyword] = value as Draft<unknown>;
  });
}

/** One option as the options editor shows it. */
export interface EditableOption {
  value: string | number | boolean | null;
  label: string;
}

/**
 * Where a field's option list lives: its own schema, or (through `$ref`) a constants document that
 * `sharedWith` other fields also use; null when the field has no option list (`enum` or `oneOf` of
 * `const`s).
 */
export interface OptionSource {
  schemaIndex: number;
  path: (string | number)[];
  style: 'enum' | 'oneOf';
  /** The list's value type (`number`, `string`...), from the schema's `type`; default string. */
  valueType: string;
  options: EditableOption[];
  /** `$id` of the constants document when the list is shared, else null. */
  sharedId: string | null;
  sharedWith: string[];
}

function listOf(node: JsonSchema): Pick<OptionSource, 'style' | 'options'> | null {
  if (Array.isArray(node.enum)) {
    return { style: 'enum', options: node.enum.map((value) => ({ value, label: String(value) })) };
  }
  const alternatives = node.oneOf as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0 && alternatives.every((alt) => 'const' in alt)) {
    return {
      style: 'oneOf',
      options: alternatives.map((alt) => ({
        value: alt.const as EditableOption['value'],
        label: typeof alt.title === 'string' ? alt.title : String(alt.const),
      })),
    };
  }
  return null;
}

function fieldsReferencing(set: SchemaSet, id: string): string[] {
  const fields: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      if (isObject(node.properties)) {
        for (const [field, schema] of Object.entries(node.properties)) {
          if (isObject(schema) && schema.$ref === id) fields.push(field);
        }
      }
      Object.values(node).forEach(visit);
    }
  };
  visit(set.schemas);
  return [...new Set(fields)];
}

/** The option list of `field` and where it lives; null when it has none. */
export function optionSource(set: SchemaSet, field: string): OptionSource | null {
  const location = locateField(set, field);
  const own = nodeAt(set.schemas[location.schemaIndex], location.path);
  const ownList = listOf(own);
  if (ownList) {
    return {
      ...location,
      ...ownList,
      valueType: String(own.type ?? 'string'),
      sharedId: null,
      sharedWith: [],
    };
  }
  if (typeof own.$ref !== 'string') return null;
  const schemaIndex = set.schemas.findIndex((schema) => schema.$id === own.$ref);
  if (schemaIndex < 0) return null;
  const target = set.schemas[schemaIndex];
  const list = listOf(target);
  if (!list) return null;
  return {
    schemaIndex,
    path: [],
    ...list,
    valueType: String(target.type ?? own.type ?? 'string'),
    sharedId: own.$ref,
    sharedWith: fieldsReferencing(set, own.$ref).filter((other) => other !== field),
  };
}

/**
 * Replaces the option list of `field` where it lives (see optionSource). An `enum` list stays one
 * while every label reads as its value; a label of its own turns it into `oneOf` entries (`const`
 * the stored value, `title` the label), so renaming what agents read never changes a stored value
 * (issue 37). Throws Error when the field has no option list.
 */
export function setFieldOptions(set: SchemaSet, field: string, options: EditableOption[]): SchemaSet {
  const source = optionSource(set, field);
  if (!source) throw new Error(`the field "${field}" has no option list`);
  const plain = options.every((option) => option.label === String(option.value ?? ''));
  return produce(set, (draft) => {
    const node = nodeAt(draft.schemas[source.schemaIndex], source.path);
    if (source.style === 'enum' && plain) {
      node.enum = options.map((option) => option.value);
      return;
    }
    delete node.enum;
    node.oneOf = options.map((option) => ({ const: option.value, title: option.label }));
  });
}

/** The form's ui hints of `field`, with `patch` merged (undefined values removed; an empty entry is dropped). */
export function setFormFieldUi(set: SchemaSet, formId: string, field: string, patch: FormFieldUi): SchemaSet {
  return produce(set, (draft) => {
    const form = draft.forms.find((candidate) => candidate.id === formId);
    if (!form) throw new Error(`no form "${formId}"`);
    const ui = { ...(form.ui?.[field] ?? {}), ...patch } as Record<string, unknown>;
    for (const key of Object.keys(ui)) if (ui[key] === undefined) delete ui[key];
    form.ui ??= {};
    if (Object.keys(ui).length === 0) delete form.ui[field];
    else form.ui[field] = ui as FormFieldUi;
  });
}

/** Makes `field` required (not in `optional`) or optional in the form `formId`. */
export function setRequiredInForm(
  set: SchemaSet,
  formId: string,
  field: string,
  required: boolean,
): SchemaSet {
  return produce(set, (draft) => {
    const form = draft.forms.find((candidate) => candidate.id === formId);
    if (!form) throw new Error(`no form "${formId}"`);
    const optional = (form.optional ?? []).filter((name) => name !== field);
    form.optional = required ? optional : [...optional, field];
  });
}

/** Sets (or, with undefined, removes) the condition of `field` in `applicability` or `required_when`. */
export function setFieldCondition(
  set: SchemaSet,
  map: 'applicability' | 'required_when',
  field: string,
  logic: JsonLogic | undefined,
): SchemaSet {
  return produce(set, (draft) => {
    draft[map] ??= {};
    const conditions = draft[map] as Record<string, unknown>;
    if (logic === undefined) delete conditions[field];
    else conditions[field] = logic;
  });
}

/** Replaces the item at `index` of `cross_rules` or `field_rules` (appends when index equals the length). */
export function setRule(
  set: SchemaSet,
  list: 'cross_rules' | 'field_rules',
  index: number,
  rule: SchemaSet['cross_rules'][number],
): SchemaSet {
  return produce(set, (draft) => {
    draft[list][index] = rule as Draft<typeof rule>;
  });
}

/** Removes the rule at `index` of `list`. */
export function removeRule(set: SchemaSet, list: 'cross_rules' | 'field_rules', index: number): SchemaSet {
  return produce(set, (draft) => {
    draft[list].splice(index, 1);
  });
}

/** Replaces (or, with null, removes) question `index` of outcome table `tableIndex` (appends at the length). */
export function setQuestion(
  set: SchemaSet,
  tableIndex: number,
  index: number,
  question: SchemaSet['outcome_tables'][number]['questions'][number] | null,
): SchemaSet {
  return produce(set, (draft) => {
    const questions = draft.outcome_tables[tableIndex].questions;
    if (question === null) questions.splice(index, 1);
    else questions[index] = question as Draft<typeof question>;
  });
}

/** Sets the text of message `key`. */
export function setMessage(set: SchemaSet, key: string, text: string): SchemaSet {
  return produce(set, (draft) => {
    draft.messages[key] = text;
  });
}

/** Replaces the value at `path` of the set (the raw JSON view's part); an empty path replaces the whole set. */
export function setPart(set: SchemaSet, path: (string | number)[], value: unknown): SchemaSet {
  if (path.length === 0) return value as SchemaSet;
  return produce(set, (draft) => {
    const parent = nodeAt(draft, path.slice(0, -1)) as Record<string | number, unknown>;
    parent[path[path.length - 1]] = value;
  });
}

/** The value at `path` of the set. */
export function partAt(set: SchemaSet, path: (string | number)[]): unknown {
  return path.length === 0 ? set : nodeAt(set, path);
}
