/**
 * US Census Bureau Geocoder connector (the address job, keyless; issue 40, ADR 757): one
 * GET /geocoder/geographies/onelineaddress?address=<one line>&benchmark=Public_AR_Current
 * &vintage=Current_Current&format=json, answered
 * `{result: {input: {...}, addressMatches: [{matchedAddress: "1500 MERIDIAN AVE, MIAMI BEACH, FL,
 * 33139", coordinates: {x: <lng>, y: <lat>}, tigerLine: {tigerLineId, side}, addressComponents:
 * {zip, city, state, streetName, suffixType, ...}, geographies: {Counties: [{NAME: "Miami-Dade
 * County", BASENAME: "Miami-Dade", GEOID: "12086", ...}]}}]}}`. An empty `addressMatches` is "not
 * found"; a refused request is HTTP 400 `{errors: [...], status: "400"}`. The point is
 * interpolated along the street's TIGER/Line range (precision "Interpolated"), not a rooftop; no
 * ZIP+4. The county is BASENAME, the county's name without "County" as SmartyStreets gives it.
 *
 * The Census Geocoder has no suggestion service: `autocomplete` answers no suggestions, and the
 * agent types the address (ADR 757; a company wanting suggestions chooses SmartyStreets).
 */
import { type ConnectorOptions, urlUnder } from './connector-options.ts';
import { getProviderJson } from './get-provider-json.ts';
import { numberOf, objectOf, textOf } from './read-provider-answer.ts';
import {
  type AddressProvider,
  type AddressSuggestion,
  type PropertyAddress,
  PropertyDataError,
  type VerifiedAddress,
} from './types.ts';

const LABEL = 'US Census Geocoder';

/** "1500 Meridian Ave Apt 2, Miami Beach, FL 33139": the one line the geocoder parses. */
function oneLine(address: PropertyAddress): string {
  const street = [address.address1, address.address2]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const place = [address.city.trim(), `${address.state.trim()} ${address.zip.trim()}`.trim()].filter(Boolean);
  return [street, ...place].join(', ');
}

/** The US Census Bureau geocoder address provider (no key). */
export function censusGeocoderConnector(options: ConnectorOptions): AddressProvider {
  return {
    name: 'census_geocoder',
    async verify(address: PropertyAddress): Promise<VerifiedAddress | null> {
      const { body } = await getProviderJson({
        label: LABEL,
        timeoutMs: options.timeoutMs,
        url: urlUnder(options.baseUrl, '/geocoder/geographies/onelineaddress', {
          address: oneLine(address),
          benchmark: 'Public_AR_Current',
          vintage: 'Current_Current',
          format: 'json',
        }),
      });
      const matches = objectOf(objectOf(body).result).addressMatches;
      if (!Array.isArray(matches))
        throw new PropertyDataError(LABEL, `${LABEL} sent an answer of an unknown shape.`);
      if (matches.length === 0) return null;
      const match = objectOf(matches[0]);
      const coordinates = objectOf(match.coordinates);
      const latitude = numberOf(coordinates.y);
      const longitude = numberOf(coordinates.x);
      if (latitude === null || longitude === null)
        throw new PropertyDataError(LABEL, `${LABEL} sent a match without coordinates.`);
      const components = objectOf(match.addressComponents);
      const counties = objectOf(match.geographies).Counties;
      const county = Array.isArray(counties) ? objectOf(counties[0]) : {};
      const matched = textOf(match.matchedAddress);
      // matchedAddress is "STREET, CITY, ST, ZIP": the street is its first part.
      const street = matched?.split(',')[0]?.trim() || address.address1;
      const city = textOf(components.city) ?? address.city;
      const state = textOf(components.state) ?? address.state;
      const zip = textOf(components.zip) ?? address.zip;
      return {
        delivery_line_1: street,
        last_line: `${city} ${state} ${zip}`,
        city,
        state,
        zip,
        plus4: null,
        county: textOf(county.BASENAME) ?? textOf(county.NAME),
        latitude,
        longitude,
        precision: 'Interpolated',
      };
    },
    async autocomplete(): Promise<AddressSuggestion[]> {
      return [];
    },
  };
}
