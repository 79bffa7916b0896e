/** address/zip-lookup: city, state, county and coordinates of a ZIP. docs/api.md, ADR 041. */
import { apiCall } from '../../../lib/api-client.ts';

/** One ZIP's place; lat/lng in decimal degrees. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  county: string;
  lat: number | null;
  lng: number | null;
}

/** Looks up a 5-digit ZIP; resolves to null when unknown or on any failure (already toasted). */
export async function zipLookup(zip: string): Promise<ZipPlace | null> {
  const envelope = await apiCall<ZipPlace>('address/zip-lookup', { zip });
  return envelope.status === 'success' ? envelope.data : null;
}
