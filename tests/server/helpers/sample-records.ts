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
