/** address/zip-lookup: city, state, county and coordinates of a ZIP. docs/api.md, ADR 041. */
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';

/** One ZIP's place; lat/lng in decimal degrees. */
export type ZipPlace = ApiAnswer<'address/zip-lookup'>;

/** Looks up a 5-digit ZIP; resolves to null when unknown or on any failure (already toasted). */
export async function zipLookup(zip: string): Promise<ZipPlace | null> {
  const envelope = await documentedCall('address/zip-lookup', { zip });
  return envelope.status === 'success' ? envelope.data : null;
}
