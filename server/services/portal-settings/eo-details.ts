/**
 * A company's E&O details as a portal settings write: stored in the companies.eo_data column,
 * not the settings jsonb; user.eo_expiry derives from their expiry (SPEC §3 User).
 */
import type { EoData } from '../../db/schema.ts';
import type { SettingsChange } from './stored-settings.ts';

/** E&O update of the company column (drives user.eo_expiry). SPEC §3 eo_data. */
export function eoChange(eoData: EoData | null): SettingsChange {
  return { company: { eo_data: eoData } };
}
