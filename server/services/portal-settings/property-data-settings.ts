/**
 * A company's property data settings (issue 15): a provider per property data job, the company's
 * key for a provider that needs one (write-only: answered as has_key), and the days an answer is
 * reused. A job the company never chose gets the default provider (issue 40).
 */
import type { CompanyRow } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  DEFAULT_CACHE_DAYS,
  defaultProviderFor,
  PROVIDERS,
  type ProviderName,
  providersFor,
} from '../../property-data/provider-catalogue.ts';
import { PROPERTY_DATA_JOBS, type PropertyDataJob } from '../../property-data/types.ts';
import {
  type PropertyDataJobSettings,
  type SettingsChange,
  type StoredPropertyData,
  type StoredSettings,
  storedSettings,
} from './stored-settings.ts';

/** Property data settings (issue 15): a provider per job and the days an answer is reused. */
export interface PropertyDataSettings {
  cache_days: number;
  jobs: Record<PropertyDataJob, PropertyDataJobSettings>;
}

/**
 * The company's property data settings (with keys) for the lookups; a job the company never chose
 * gets defaultProviderFor's provider (the sandbox, or in production a keyless public source).
 */
export function companyPropertyData(company: CompanyRow | null): PropertyDataSettings {
  const saved = company ? storedSettings(company).property_data : undefined;
  return {
    cache_days: saved?.cache_days ?? DEFAULT_CACHE_DAYS,
    jobs: Object.fromEntries(
      PROPERTY_DATA_JOBS.map((job) => [
        job,
        saved?.jobs?.[job] ?? { provider: defaultProviderFor(job), key_id: null, key: null },
      ]),
    ) as PropertyDataSettings['jobs'],
  };
}

/** Property data settings as answered: each job's provider and key id, the secret as has_key, and the choices. */
export function propertyDataView(company: CompanyRow) {
  const settings = companyPropertyData(company);
  return {
    cache_days: settings.cache_days,
    available: Object.fromEntries(
      PROPERTY_DATA_JOBS.map((job) => [
        job,
        providersFor(job).map((name) => ({
          provider: name,
          label: PROVIDERS[name].label,
          needs_key: PROVIDERS[name].needs_key,
          key_id: PROVIDERS[name].key_id ?? false,
        })),
      ]),
    ),
    jobs: Object.fromEntries(
      PROPERTY_DATA_JOBS.map((job) => {
        const { provider, key_id, key } = settings.jobs[job];
        return [job, { provider, key_id, has_key: Boolean(key) }];
      }),
    ),
  };
}

/**
 * A job's provider and key as written: `key` omitted keeps the stored one for the same provider.
 * A job left out of the body keeps what the company has (its choice, or the default).
 */
export type PropertyDataJobInput = { provider: ProviderName; key_id?: string | null; key?: string | null };

/**
 * Property data update (issue 15): per job a provider; `key` omitted keeps the stored key while
 * the provider stays, null clears it; `key_id` omitted keeps the stored id likewise. Throws 422
 * naming the job when a provider that needs a key (or key id) is left without one.
 */
export function propertyDataChange(
  current: StoredSettings,
  input: { cache_days?: number; jobs: Partial<Record<PropertyDataJob, PropertyDataJobInput>> },
): SettingsChange {
  const before = current.property_data;
  const errors: Record<string, string> = {};
  const jobs = Object.fromEntries(
    PROPERTY_DATA_JOBS.flatMap((job) => {
      const wanted = input.jobs[job];
      if (!wanted) {
        const kept = before?.jobs?.[job];
        return kept ? [[job, kept]] : [];
      }
      const entry = PROVIDERS[wanted.provider];
      const kept = before?.jobs?.[job]?.provider === wanted.provider ? before.jobs[job] : null;
      const key = entry.needs_key ? (wanted.key === undefined ? (kept?.key ?? null) : wanted.key) : null;
      const keyId = entry.key_id
        ? wanted.key_id === undefined
          ? (kept?.key_id ?? null)
          : wanted.key_id
        : null;
      if (entry.needs_key && !key) errors[`property_data.jobs.${job}.key`] = `${entry.label} needs a key.`;
      if (entry.key_id && !keyId)
        errors[`property_data.jobs.${job}.key_id`] = `${entry.label} needs a key id.`;
      return [[job, { provider: wanted.provider, key_id: keyId, key }]];
    }),
  ) as StoredPropertyData['jobs'];
  const first = Object.values(errors)[0];
  if (first) throw new ApiError(422, first, errors);
  const cacheDays = input.cache_days ?? before?.cache_days ?? DEFAULT_CACHE_DAYS;
  return { settings: { ...current, property_data: { cache_days: cacheDays, jobs } } };
}
