import { flattenFieldSchemas } from './compile-schema-set.ts';
import { type FieldOption, fieldOptions } from './field-options.ts';
import { migrationsBetween } from './migrate-document.ts';
import type { SchemaSet } from './types.ts';

/** The options of one field that a newer set no longer offers. */
export interface WithdrawnOptions {
  field: string;
  /** The field's options in the older set that the newer one lacks, in the older order. */
  gone: FieldOption[];
  /** The newer set's options of the field. */
  now: FieldOption[];
  /** The newer set's options the older one lacks, in the newer order. */
  added: FieldOption[];
}

/**
 * Per field present in both sets with an option list in `after`, the option values (compared as
 * JSON) that `before` offers and `after` does not, in field order; fields that lose nothing are left
 * out. Throws SchemaSetError when a set's schemas do not resolve. Generic. Issue 11, issue 37.
 */
export function withdrawnOptions(before: SchemaSet, after: SchemaSet): WithdrawnOptions[] {
  const a = flattenFieldSchemas(before).properties;
  const b = flattenFieldSchemas(after).properties;
  const out: WithdrawnOptions[] = [];
  for (const field of Object.keys(b)) {
    if (!(field in a)) continue;
    const now = fieldOptions(b[field]);
    if (!now) continue;
    const was = fieldOptions(a[field]) ?? [];
    const offered = new Set(now.map((option) => JSON.stringify(option.value)));
    const known = new Set(was.map((option) => JSON.stringify(option.value)));
    const gone = was.filter((option) => !offered.has(JSON.stringify(option.value)));
    const added = now.filter((option) => !known.has(JSON.stringify(option.value)));
    if (gone.length > 0) out.push({ field, gone, now, added });
  }
  return out;
}

/**
 * The withdrawn options of `after` against `before` that its new migrations (those `before` lacks)
 * do not move: a value a `remap` of the field translates (as text) and a field a `drop` erases are
 * moved; whatever is left would stay in stored documents as a value the set refuses. Issue 37.
 */
export function unmovedWithdrawnOptions(before: SchemaSet, after: SchemaSet): WithdrawnOptions[] {
  const steps = migrationsBetween(before, after).flatMap((migration) => migration.steps);
  return withdrawnOptions(before, after)
    .map((withdrawn) => {
      const { field, gone } = withdrawn;
      if (steps.some((step) => 'drop' in step && step.drop.field === field))
        return { ...withdrawn, gone: [] };
      const remapped = new Set(
        steps.flatMap((step) =>
          'remap' in step && step.remap.field === field ? Object.keys(step.remap.values) : [],
        ),
      );
      return { ...withdrawn, gone: gone.filter((option) => !remapped.has(String(option.value))) };
    })
    .filter((withdrawn) => withdrawn.gone.length > 0);
}
