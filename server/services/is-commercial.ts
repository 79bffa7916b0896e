import type { ApplicationRow } from '../db/schema.ts';

/** The carrier_quote_type value of commercial applications (schemas/constants/quote-types.json). */
export const COMMERCIAL_PRODUCT = 'Commercial';

/**
 * True for a commercial flood application: product (carrier_quote_type[0]) Commercial and
 * application type flood. SPEC §2 sov-quote route ('Invalid Application Type' otherwise), §9.
 */
export function isCommercial(row: Pick<ApplicationRow, 'carrier_quote_type' | 'application_type'>): boolean {
  return row.carrier_quote_type[0] === COMMERCIAL_PRODUCT && row.application_type === 'flood';
}
