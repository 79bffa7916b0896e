/**
 * Maps one job's provider answer onto the application document's fields, by the data in
 * server/config/property-data-fields.json (issue 15; docs/decisions/232-property-data-field-map.md):
 * each found field `{value, source, fetched_at}`, and each field the answer could not fill with
 * the reason. Values are checked against the schemas/constants file the mapping names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fieldMap from '../config/property-data-fields.json' with { type: 'json' };
import type { PropertyDataJob } from './types.ts';

interface FieldRule {
  answer: string;
  field: string;
  type: 'string' | 'number' | 'integer';
  constant?: string;
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

const RULES = fieldMap.jobs as Record<PropertyDataJob, FieldRule[]>;
const CONSTANTS_DIR = join(import.meta.dirname, '..', '..', 'schemas', 'constants');

type Allowed = (value: string | number) => boolean;
const allowedCache = new Map<string, Allowed>();

/** Whether a value is one the constant file takes: its enum, oneOf consts, or integer bounds. */
function allowedBy(file: string): Allowed {
  let allowed = allowedCache.get(file);
  if (!allowed) {
    const schema = JSON.parse(readFileSync(join(CONSTANTS_DIR, file), 'utf8'));
    const options: unknown[] | null =
      schema.enum ?? (schema.oneOf ? schema.oneOf.map((o: { const: unknown }) => o.const) : null);
    allowed = options
      ? (value) => options.includes(value)
      : (value) =>
          typeof value === 'number' &&
          (schema.minimum === undefined || value >= schema.minimum) &&
          (schema.maximum === undefined || value <= schema.maximum);
    allowedCache.set(file, allowed);
  }
  return allowed;
}

/** The answer's value as the field's type, or null when it cannot be one. */
function typed(value: unknown, type: FieldRule['type']): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'string') return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  return type === 'integer' ? Math.round(n) : n;
}

/** The document fields a job may fill, in the mapping's order. */
export function fieldsOfJob(job: PropertyDataJob): string[] {
  return RULES[job].map((rule) => rule.field);
}

/**
 * `{fields, missing}` of one job's `answer` (null: the provider found nothing, so every field of
 * the job is missing with `notFoundReason`). `source` labels the fields; `fetchedAt` is ISO.
 */
export function mapAnswerToFields(
  job: PropertyDataJob,
  answer: Record<string, unknown> | null,
  source: string,
  fetchedAt: string,
  notFoundReason: string,
): { fields: Record<string, FoundField>; missing: MissingField[] } {
  const fields: Record<string, FoundField> = {};
  const missing: MissingField[] = [];
  for (const rule of RULES[job]) {
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
    } else if (rule.constant && !allowedBy(rule.constant)(value)) {
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
