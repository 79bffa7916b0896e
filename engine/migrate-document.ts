import { isEmptyValue } from './is-empty-value.ts';
import type { Doc, Migration, MigrationStep, SchemaSet } from './types.ts';

/**
 * The document upgraded by `migrations`, step by step, as a new object (the input is not changed):
 * `rename` moves a value to its new key (unless the new key already holds one) and removes the old;
 * `drop` removes a field; `remap` replaces a value found among the old values (compared as text) by
 * its new one, inside arrays too; `set_default` sets a value where the field is missing or empty.
 * Other fields are never touched, and applying the same migrations twice changes nothing more.
 * Issue 10 part 3 (schema versions and document migrations).
 */
export function migrateDocument(doc: Doc, migrations: Migration[]): Doc {
  let out: Doc = { ...doc };
  for (const migration of migrations) for (const step of migration.steps) out = applyStep(out, step);
  return out;
}

/**
 * The migrations that upgrade a document from the set `before` to the set `after`: those of
 * `after` whose ids `before` does not have, in `after`'s order. Issue 10 part 3.
 */
export function migrationsBetween(before: SchemaSet, after: SchemaSet): Migration[] {
  const known = new Set((before.migrations ?? []).map((migration) => migration.id));
  return (after.migrations ?? []).filter((migration) => !known.has(migration.id));
}

function applyStep(doc: Doc, step: MigrationStep): Doc {
  if ('rename' in step) {
    const { from, to } = step.rename;
    if (!(from in doc)) return doc;
    const { [from]: value, ...rest } = doc;
    return to in rest && !isEmptyValue(rest[to]) ? rest : { ...rest, [to]: value };
  }
  if ('drop' in step) {
    const { [step.drop.field]: _dropped, ...rest } = doc;
    return rest;
  }
  if ('remap' in step) {
    const { field, values } = step.remap;
    if (!(field in doc)) return doc;
    const map = (value: unknown): unknown =>
      Object.hasOwn(values, String(value)) ? values[String(value)] : value;
    const current = doc[field];
    return { ...doc, [field]: Array.isArray(current) ? current.map(map) : map(current) };
  }
  const { field, value } = step.set_default;
  return isEmptyValue(doc[field]) ? { ...doc, [field]: structuredClone(value) } : doc;
}
