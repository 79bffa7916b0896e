/**
 * Sample records the server suites share: the Miami Beach address the demo agent (FL) may quote,
 * and one commercial building of a statement of values (dollars, year, stories).
 */
import type { SovBuilding } from '../../../server/quoting/sov-building.ts';

/** The Miami Beach address the demo agent (FL) may quote. */
export const MIAMI = {
  searched_address: '1700 Convention Center Dr, Miami Beach, FL 33139',
  address1: '1700 Convention Center Dr',
  address2: null,
  city: 'Miami Beach',
  state: 'FL',
  zip: '33139',
  county: 'Miami-Dade',
  lat: 25.7953,
  lng: -80.1347,
};

/** One building of a statement of values (SOV), values in dollars. */
export const SOV_BUILDING: SovBuilding = {
  location: '1700 Convention Center Dr, Miami Beach, FL 33139',
  building_value: 1_200_000,
  contents_value: 250_000,
  business_income: 400_000,
  construction: 'Masonry',
  occupancy: 'Owner Occupied',
  year_built: 1988,
  stories: 3,
};

/**
 * The create-new-application `address` of an example document (schemas/examples/): its whole
 * address, unit line included. A draft created there and saved with the example keeps its address,
 * so no second pre-fill re-runs for an address change and replaces the first one's values with
 * another address's (ADR 758) while a test reads or launches it.
 */
export function addressOf(example: Record<string, unknown>) {
  const { address1, address2, city, state, zip, county } = example as Record<string, string>;
  return {
    searched_address: `${address1}, ${city}, ${state} ${zip}`,
    address1,
    address2: address2 ?? null,
    city,
    state,
    zip,
    county,
  };
}
