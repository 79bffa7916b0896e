/** Human label of an application's product. SPEC §9 Quote types. */
import { QUOTE_TYPES } from '../../../lib/constants.ts';

/** "Residential Primary · flood" from `carrier_quote_type` (first entry) and `application_type`. */
export function productLabel(
  carrierQuoteType: string[] | null | undefined,
  applicationType?: string,
): string {
  const value = carrierQuoteType?.[0] ?? '';
  const label = QUOTE_TYPES.find((q) => q.value === value)?.label ?? (value || 'Unknown');
  return applicationType ? `${label} · ${applicationType}` : label;
}
