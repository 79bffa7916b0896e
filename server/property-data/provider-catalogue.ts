/**
 * The property data providers this portal knows (server/config/property-data-providers.json):
 * per provider the jobs it answers, its source label, documented base URL and timeout, and the
 * provider of a job no company setting names. docs/decisions/230-property-data-providers.md, 757.
 */
import catalogue from '../config/property-data-providers.json' with { type: 'json' };
import { currentSettings, type Settings } from '../settings/settings.ts';
import type { PropertyDataJob } from './types.ts';

export type ProviderName = keyof typeof catalogue.providers;

export interface ProviderEntry {
  label: string;
  jobs: PropertyDataJob[];
  needs_key: boolean;
  key_id?: boolean;
  base_url?: string;
  autocomplete_base_url?: string;
  timeout_ms?: number;
}

export const PROVIDERS = catalogue.providers as Record<ProviderName, ProviderEntry>;
export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];
export const SANDBOX_PROVIDER: ProviderName = 'sandbox';
/** Days a provider's answer is reused when the company sets none. */
export const DEFAULT_CACHE_DAYS: number = catalogue.default_cache_days;

/**
 * The provider of `job` for a company that chose none: the sandbox, or with
 * PROPERTY_DATA_DEFAULTS=public (the default when NODE_ENV=production) the catalogue's
 * `public_defaults` entry, a keyless public source (ADR 757).
 */
export function defaultProviderFor(
  job: PropertyDataJob,
  settings: Pick<Settings, 'NODE_ENV' | 'PROPERTY_DATA_DEFAULTS'> = currentSettings(),
): ProviderName {
  const defaults =
    settings.PROPERTY_DATA_DEFAULTS ?? (settings.NODE_ENV === 'production' ? 'public' : 'sandbox');
  return defaults === 'public' ? (catalogue.public_defaults[job] as ProviderName) : SANDBOX_PROVIDER;
}

/** The providers that may answer `job`, sandbox first. */
export function providersFor(job: PropertyDataJob): ProviderName[] {
  return PROVIDER_NAMES.filter((name) => PROVIDERS[name].jobs.includes(job));
}

/** The label a provider's fields carry as their source ("Sample data" for the sandbox). */
export function providerLabel(name: string): string {
  return PROVIDERS[name as ProviderName]?.label ?? name;
}
