/**
 * The cache key of an address (table property_data_cache): lines, city, state and ZIP in upper
 * case, punctuation dropped, spaces collapsed, joined by "|". Two spellings that differ only in
 * case, commas or spacing share one key. docs/decisions/231-property-data-cache.md.
 */
import type { PropertyAddress } from './types.ts';

const clean = (text: string) => text.toUpperCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();

/** "1500 MERIDIAN AVE||MIAMI BEACH|FL|33139" for "1500 Meridian Ave., Miami Beach, FL 33139". */
export function normaliseAddress(address: PropertyAddress): string {
  return [address.address1, address.address2, address.city, address.state, address.zip.slice(0, 5)]
    .map(clean)
    .join('|');
}
