/**
 * Adding and removing a field without JSON (issue 37): a new field is declared beside the fields
 * of the section it is first placed in (or in the root schema), with its label, type and options
 * (values and labels), and placed at a position of a section in each form chosen; removing a field
 * takes it out of every form, condition map and field rule, and adds the `drop` migration step
 * that removes its stored values from documents upgraded to the version. Pure, like
 * edit-schema-set.ts. Generic: no field names here.
 */
import { Immer } from 'immer';
import type { JsonSchema, SchemaSet } from '../../../../engine/index.ts';
import { type EditableOption, locateField } from './edit-schema-set.ts';

const { produce } = new Immer({ autoFreeze: false });

/** The value types a new field may have. */
export const NEW_FIELD_TYPES = ['string', 'number', 'integer', 'boolean'] as const;

/** Where a new field goes in one form: a section and the index among its fields (0: first). */
export interface FieldPlacement {
  formId: string;
  sectionId: string;
  position: number;
}

/** What the add-field dialog asks. */
export interface NewField {
  key: string;
  label: string;
  type: (typeof NEW_FIELD_TYPES)[number];
  /** Values and labels; empty: no option list. */
  options: EditableOption[];
  /** At least one. */
  placements: FieldPlacement[];
  /** Required in the forms it is placed in; else listed as optional there. */
  required: boolean;
}

/** A field key: lower-case letters, digits and underscores, starting with a letter. */
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** The first thing wrong with `field` for `set` in words, or null when it can be added. */
export function newFieldProblem(set: SchemaSet, fieldKeys: string[], field: NewField): string | null {
  if (!FIELD_KEY_PATTERN.test(field.key)) {
    return 'The key is lower-case letters, digits and underscores, starting with a letter.';
  }
  if (fieldKeys.includes(field.key)) return `A field with the key ${field.key} exists already.`;
  if (!field.label.trim()) return 'Give the field a label.';
  if (field.placements.length === 0) return 'Place the field in at least one form.';
  const values = field.options.map((option) => String(option.value));
  if (values.some((value) => value === '')) return 'Every option needs a value.';
  if (new Set(values).size !== values.length) return 'Two options have the same value.';
  for (const placement of field.placements) {
    const form = set.forms.find((candidate) => candidate.id === placement.formId);
    if (!form?.sections.some((section) => section.id === placement.sectionId)) {
      return `The ${placement.formId} form has no section ${placement.sectionId}.`;
    }
  }
  return null;
}

function propertySchema(field: NewField): JsonSchema {
  const schema: JsonSchema = { title: field.label.trim(), type: field.type };
  if (field.options.length > 0) {
    schema.oneOf = field.options.map((option) => ({
      const: option.value,
      title: option.label || String(option.value),
    }));
  }
  return schema;
}

/** Where the new field is declared: beside the first field of its first section, else in the root schema. */
function declarationPath(
  set: SchemaSet,
  field: NewField,
): { schemaIndex: number; path: (string | number)[] } {
  const first = field.placements[0];
  const section = set.forms
    .find((form) => form.id === first.formId)
    ?.sections.find((candidate) => candidate.id === first.sectionId);
  for (const neighbour of section?.fields ?? []) {
    try {
      const { schemaIndex, path } = locateField(set, neighbour);
      return { schemaIndex, path: path.slice(0, -1) };
    } catch {
      // A computed or undeclared neighbour: try the next.
    }
  }
  const root = set.schemas.findIndex((schema) => schema.$id === set.root_schema_id);
  return { schemaIndex: Math.max(0, root), path: ['properties'] };
}

/** `set` with `field` declared and placed (check newFieldProblem first; throws Error for an unknown form or section). */
export function addField(set: SchemaSet, field: NewField): SchemaSet {
  const { schemaIndex, path } = declarationPath(set, field);
  return produce(set, (draft) => {
    let node = draft.schemas[schemaIndex] as Record<string | number, unknown>;
    for (const part of path) {
      node[part] ??= {};
      node = node[part] as Record<string | number, unknown>;
    }
    node[field.key] = propertySchema(field);
    for (const placement of field.placements) {
      const form = draft.forms.find((candidate) => candidate.id === placement.formId);
      const section = form?.sections.find((candidate) => candidate.id === placement.sectionId);
      if (!form || !section) throw new Error(`no section ${placement.sectionId} in form ${placement.formId}`);
      section.fields.splice(Math.max(0, Math.min(placement.position, section.fields.length)), 0, field.key);
      if (!field.required) form.optional = [...(form.optional ?? []), field.key];
    }
  });
}

/** The id of the migration that drops `field` (unique in `set`). */
function dropMigrationId(set: SchemaSet, field: string): string {
  const ids = new Set((set.migrations ?? []).map((migration) => migration.id));
  let id = `drop-${field}`;
  for (let n = 2; ids.has(id); n++) id = `drop-${field}-${n}`;
  return id;
}

/**
 * `set` without `field`: its declaration, its places in every form (sections, optional, ui), its
 * applicability, required-when, computed expression and field rules; plus a migration with the
 * step `{drop: {field}}`. Rules of other fields that read it are left for the lint to name.
 * Throws Error when no schema declares it.
 */
export function removeField(set: SchemaSet, field: string): SchemaSet {
  const { schemaIndex, path } = locateField(set, field);
  return produce(set, (draft) => {
    let node = draft.schemas[schemaIndex] as Record<string | number, unknown>;
    for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
    delete node[field];
    for (const form of draft.forms) {
      for (const section of form.sections) section.fields = section.fields.filter((name) => name !== field);
      if (form.optional) form.optional = form.optional.filter((name) => name !== field);
      if (form.ui) delete form.ui[field];
    }
    delete draft.applicability[field];
    if (draft.required_when) delete draft.required_when[field];
    delete draft.computed[field];
    draft.field_rules = draft.field_rules.filter((rule) => rule.field !== field);
    draft.migrations = [
      ...(draft.migrations ?? []),
      { id: dropMigrationId(set, field), steps: [{ drop: { field } }] },
    ];
  });
}
