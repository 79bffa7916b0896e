/**
 * A company's global settings (docs/api-accounts.md `global`): portal name, time zone, quote
 * expiry and support contacts, stored over the defaults of server/config/portal-settings-options.json.
 * Issue 16; docs/decisions/203-global-settings-take-effect.md.
 */
import options from '../../config/portal-settings-options.json' with { type: 'json' };
import type { CompanyRow } from '../../db/schema.ts';
import { type StoredSettings, storedSettings } from './stored-settings.ts';

/** Global settings as stored over their defaults (docs/api-accounts.md `global`). */
export interface GlobalSettings {
  portal_name: string | null;
  /** IANA zone name, e.g. America/New_York. */
  timezone: string;
  quote_expiry_days: number;
  support_email: string | null;
  support_phone: string | null;
}

/** The company's global settings, defaults filled in (server/config/portal-settings-options.json). */
export function globalOf(company: CompanyRow): GlobalSettings {
  return { ...options.default_global, ...(storedSettings(company).global ?? {}) } as GlobalSettings;
}

/** The company's time zone (global.timezone, an IANA name) from its settings jsonb. */
export function companyTimezone(settings: Record<string, unknown> | null): string {
  const global = ((settings ?? {}) as StoredSettings).global;
  return typeof global?.timezone === 'string' ? global.timezone : options.default_global.timezone;
}
