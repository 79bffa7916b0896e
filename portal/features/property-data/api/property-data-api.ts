/**
 * The property data calls (property-data/*, issue 15, docs/api.md Property data): address
 * suggestions and verification for the New application dialog (sandbox answers are `sample`);
 * an application's own lookup runs in the background (prefill-api.ts).
 */
import { type ApiAnswer, type ApiBody, documentedCall } from '../../../lib/api-operations.ts';

/** One suggestion (SmartyStreets US Autocomplete Pro shape). */
export type AddressSuggestion = ApiAnswer<'property-data/autocomplete'>['suggestions'][number];

/** A verified address: standardised line, ZIP+4, county, rooftop point (null when unknown). */
export type VerifiedAddress = NonNullable<ApiAnswer<'property-data/verify-address'>['address']>;

/** Suggestions for what was typed; an empty list (never a toast) when the provider failed. */
export async function autocompleteAddress(
  search: string,
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const envelope = await documentedCall('property-data/autocomplete', { search }, { silent: true, signal });
  return (envelope.status === 'success' && envelope.data?.suggestions) || [];
}

/** The verified address of a picked suggestion, or null (not found, or the provider failed). */
export async function verifyAddress(
  address: ApiBody<'property-data/verify-address'>['address'],
): Promise<(VerifiedAddress & { sample: boolean }) | null> {
  const envelope = await documentedCall('property-data/verify-address', { address }, { silent: true });
  const data = envelope.status === 'success' ? envelope.data : null;
  return data?.address ? { ...data.address, sample: data.sample } : null;
}
