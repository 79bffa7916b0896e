/**
 * SmartyStreets connector (SPEC §9 SmartyStreet): address verification with the US Street API
 * (GET /street-address, one candidate: delivery_line_1, last_line, components.zipcode/plus4_code,
 * metadata.county_name/latitude/longitude/precision; an empty array when the address is not
 * deliverable) and suggestions with US Autocomplete Pro (GET /lookup -> {suggestions:
 * [{street_line, secondary, city, state, zipcode}]}). Authenticated by auth-id and auth-token in
 * the query, as Smarty documents for server-side calls.
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

const LABEL = 'SmartyStreets';

/** The SmartyStreets address provider with the company's auth-id and auth-token. */
export function smartyConnector(options: ConnectorOptions): AddressProvider {
  const auth = () => {
    if (!options.keyId || !options.key)
      throw new PropertyDataError(LABEL, `${LABEL} needs an auth-id and auth-token in portal settings.`);
    return { 'auth-id': options.keyId, 'auth-token': options.key };
  };
  return {
    name: 'smarty',
    async verify(address: PropertyAddress): Promise<VerifiedAddress | null> {
      const { body } = await getProviderJson({
        label: LABEL,
        timeoutMs: options.timeoutMs,
        url: urlUnder(options.baseUrl, '/street-address', {
          ...auth(),
          street: address.address1,
          secondary: address.address2,
          city: address.city,
          state: address.state,
          zipcode: address.zip,
          candidates: '1',
        }),
      });
      if (!Array.isArray(body))
        throw new PropertyDataError(LABEL, `${LABEL} sent an answer of an unknown shape.`);
      if (body.length === 0) return null;
      const candidate = objectOf(body[0]);
      const components = objectOf(candidate.components);
      const metadata = objectOf(candidate.metadata);
      return {
        delivery_line_1: textOf(candidate.delivery_line_1) ?? address.address1,
        last_line: textOf(candidate.last_line) ?? '',
        city: textOf(components.city_name) ?? address.city,
        state: textOf(components.state_abbreviation) ?? address.state,
        zip: textOf(components.zipcode) ?? address.zip,
        plus4: textOf(components.plus4_code),
        county: textOf(metadata.county_name),
        latitude: numberOf(metadata.latitude),
        longitude: numberOf(metadata.longitude),
        precision: textOf(metadata.precision),
      };
    },
    async autocomplete(search: string): Promise<AddressSuggestion[]> {
      const { body } = await getProviderJson({
        label: LABEL,
        timeoutMs: options.timeoutMs,
        url: urlUnder(options.autocompleteBaseUrl ?? options.baseUrl, '/lookup', {
          ...auth(),
          search,
          max_results: '8',
        }),
      });
      const suggestions = objectOf(body).suggestions;
      if (suggestions == null) return [];
      if (!Array.isArray(suggestions))
        throw new PropertyDataError(LABEL, `${LABEL} sent an answer of an unknown shape.`);
      return suggestions.map((entry) => {
        const s = objectOf(entry);
        return {
          street_line: textOf(s.street_line) ?? '',
          secondary: textOf(s.secondary) ?? '',
          city: textOf(s.city) ?? '',
          state: textOf(s.state) ?? '',
          zipcode: textOf(s.zipcode) ?? '',
        };
      });
    },
  };
}
