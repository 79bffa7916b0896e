/**
 * The property data calls (property-data/*, issue 15, docs/api.md Property data): address
 * suggestions and verification for the New application dialog, and the lookup of an
 * application's address by the company's providers (sandbox answers are `sample`).
 */
import { apiCall, apiData } from '../../../lib/api-client.ts';
import type { FoundValue } from '../fill-empty-fields.ts';

/** One suggestion (SmartyStreets US Autocomplete Pro shape). */
export interface AddressSuggestion {
  street_line: string;
  secondary: string;
  city: string;
  state: string;
  zipcode: string;
}

/** A verified address: standardised line, ZIP+4, county, rooftop point (null when unknown). */
export interface VerifiedAddress {
  delivery_line_1: string;
  last_line: string;
  city: string;
  state: string;
  zip: string;
  plus4: string | null;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  precision: string | null;
}

/** Which provider answered and whether it was the sandbox ("Sample data"). */
interface Answered {
  source: string;
  sample: boolean;
  error: string | null;
}

/** One job of a lookup: the fields found, what was not found and why, or the provider's error. */
export interface PropertyDataJobResult extends Answered {
  job: 'address' | 'characteristics' | 'flood_zone';
  provider: string;
  fetched_at: string | null;
  cached: boolean;
  fields: Record<string, FoundValue>;
  missing: { field: string; reason: string }[];
}

/** Suggestions for what was typed; an empty list (never a toast) when the provider failed. */
export async function autocompleteAddress(
  search: string,
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const envelope = await apiCall<Answered & { suggestions: AddressSuggestion[] }>(
    'property-data/autocomplete',
    { search },
    { silent: true, signal },
  );
  return (envelope.status === 'success' && envelope.data?.suggestions) || [];
}

/** The verified address of a picked suggestion, or null (not found, or the provider failed). */
export async function verifyAddress(address: {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}): Promise<(VerifiedAddress & { sample: boolean }) | null> {
  const envelope = await apiCall<Answered & { address: VerifiedAddress | null }>(
    'property-data/verify-address',
    { address },
    { silent: true },
  );
  const data = envelope.status === 'success' ? envelope.data : null;
  return data?.address ? { ...data.address, sample: data.sample } : null;
}

/** Every job's result for an application; throws ApiRequestError (toasted) on a refusal. */
export async function lookUpPropertyData(applicationId: number): Promise<PropertyDataJobResult[]> {
  const data = await apiData<{ jobs: PropertyDataJobResult[] }>('property-data/lookup', {
    application_id: applicationId,
  });
  return data.jobs;
}
