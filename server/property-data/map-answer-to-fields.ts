/**
 * Maps one job's provider answer onto the application document's fields, by the value mapping
 * `property-data` of the schema set the application names (schemas/mappings/property-data.json;
 * issue 15, issue 37; docs/decisions/232-property-data-field-map.md, 691): each found field
 * `{value, source, fetched_at}`, and each field the answer could not fill with the reason. Values
 * are checked against the field's own schema in that set, so a version that renamed an option is
 * filled with its own value.
 */
import type { CompiledSchemaSet, MappedField } from '../../engine/index.ts';
import type { PropertyDataJob } from './types.ts';

/** The name of the schema set's value mapping this module reads (`mappings/property-data.json`). */
export const PROPERTY_DATA_MAPPING = 'property-data';

/** One entry of the mapping: the answer key, the field, its type, an optional qualifier and word table. */
interface FieldRule extends MappedField {
  answer: string;
  type: 'string' | 'number' | 'integer';
  qualifier?: string;
  values?: Record<string, string>;
}

/** A field the lookup found: its value, the source label and when the provider answered (ISO). */
export interface FoundField {
  value: string | number;
  source: string;
  fetched_at: string;
}

/** A field the lookup could not fill, and why. */
export interface MissingField {
  field: string;
  reason: string;
}

/** The entries of `job` in the set's property-data mapping, in order (none when the set has no such mapping). */
function rulesOf(compiled: CompiledSchemaSet, job: PropertyDataJob): FieldRule[] {
  return (compiled.set.value_mappings?.[PROPERTY_DATA_MAPPING]?.groups[job] ?? []) as FieldRule[];
}

/** Whether the set takes `value` for `field` (its type, options and bounds). */
function takes(compiled: CompiledSchemaSet, field: string, value: string | number): boolean {
  const validator = Object.hasOwn(compiled.validators, field) ? compiled.validators[field] : undefined;
  return validator ? validator(value) : false;
}

/** The answer's value as the field's type, or null when it cannot be one. */
function typed(value: unknown, type: FieldRule['type']): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'string') return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return type === 'integer' ? Math.round(n) : n;
}

/**
 * `{fields, missing}` of one job's `answer` under the compiled set of the application's version
 * (null answer: the provider found nothing, so every field of the job is missing with
 * `notFoundReason`). `source` labels the fields; `fetchedAt` is ISO.
 */
export function mapAnswerToFields(
  compiled: CompiledSchemaSet,
  job: PropertyDataJob,
  answer: Record<string, unknown> | null,
  source: string,
  fetchedAt: string,
  notFoundReason: string,
): { fields: Record<string, FoundField>; missing: MissingField[] } {
  const fields: Record<string, FoundField> = {};
  const missing: MissingField[] = [];
  for (const rule of rulesOf(compiled, job)) {
    if (!answer) {
      missing.push({ field: rule.field, reason: notFoundReason });
      continue;
    }
    const raw = answer[rule.answer];
    const words = typeof raw === 'string' || typeof raw === 'boolean' ? String(raw).toUpperCase() : null;
    const qualifier = rule.qualifier ? answer[rule.qualifier] : null;
    const translated =
      words !== null && rule.values
        ? ((typeof qualifier === 'string' ? rule.values[`${words} ${qualifier.toUpperCase()}`] : undefined) ??
          rule.values[words] ??
          raw)
        : raw;
    const value = typed(translated, rule.type);
    if (value === null) {
      missing.push({ field: rule.field, reason: `${source} has no value.` });
    } else if (!takes(compiled, rule.field, value)) {
      missing.push({
        field: rule.field,
        reason: `${source} answered "${String(raw)}", which is not one of the options.`,
      });
    } else {
      fields[rule.field] = { value, source, fetched_at: fetchedAt };
    }
  }
  return { fields, missing };
}
