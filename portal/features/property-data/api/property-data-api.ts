/**
 * The property data calls (property-data/*, issue 15, docs/api.md Property data): address
 * suggestions and verification for the New application dialog, and the lookup of an
 * application's address by the company's providers (sandbox answers are `sample`).
 */
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';

/** One suggestion (SmartyStreets US Autocomplete Pro shape). */
export type AddressSuggestion = ApiAnswer<'property-data/autocomplete'>['suggestions'][number];

/** A verified address: standardised line, ZIP+4, county, rooftop point (null when unknown). */
export type VerifiedAddress = NonNullable<ApiAnswer<'property-data/verify-address'>['address']>;

/**
 * One job of a lookup: which provider answered and whether it was the sandbox ("Sample data"), the
 * fields found, what was not found and why, or the provider's error.
 */
export type PropertyDataJobResult = ApiAnswer<'property-data/lookup'>['jobs'][number];

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

/** Every job's result for an application; throws ApiRequestError (toasted) on a refusal. */
export async function lookUpPropertyData(applicationId: number): Promise<PropertyDataJobResult[]> {
  const data = await documentedData('property-data/lookup', {
    application_id: applicationId,
  });
  return data.jobs;
}
