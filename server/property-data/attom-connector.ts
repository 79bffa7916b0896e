/**
 * ATTOM connector (SPEC §9 Attom): property characteristics from the Property API's property
 * detail (GET /propertyapi/v1.0.0/property/detail?address1=<street>&address2=<city, ST zip>,
 * header `apikey`). The answer is `{status: {code, msg, total}, property: [...]}`; no match is
 * status msg "SuccessWithoutResult" (ATTOM sends it with HTTP 400 or 200). Read from the first
 * property: summary.yearbuilt, building.size.livingsize (or universalsize), building.summary.levels,
 * building.construction.constructiontype / foundationtype, summary.proptype (occupancy) and
 * summary.absenteeInd ("OWNER OCCUPIED", "ABSENTEE(MAIL AND SITUS NOT =)").
 */
import { type ConnectorOptions, urlUnder } from './connector-options.ts';
import { getProviderJson } from './get-provider-json.ts';
import { numberOf, objectOf, textOf } from './read-provider-answer.ts';
import {
  type CharacteristicsProvider,
  type PropertyAddress,
  type PropertyCharacteristics,
  PropertyDataError,
} from './types.ts';

const LABEL = 'ATTOM';

/** The first of `keys` present in `from` (ATTOM spells some keys in two cases). */
const either = (from: Record<string, unknown>, ...keys: string[]) =>
  keys.map((key) => from[key]).find((value) => value != null);

/** True for "OWNER OCCUPIED", false for an absentee owner, null otherwise. */
function ownerOccupied(indicator: string | null): boolean | null {
  const words = indicator?.toUpperCase() ?? '';
  if (words.startsWith('OWNER OCCUPIED')) return true;
  return words.startsWith('ABSENTEE') ? false : null;
}

/** The ATTOM characteristics provider with the company's API key. */
export function attomConnector(options: ConnectorOptions): CharacteristicsProvider {
  return {
    name: 'attom',
    async characteristics(address: PropertyAddress): Promise<PropertyCharacteristics | null> {
      if (!options.key) throw new PropertyDataError(LABEL, `${LABEL} needs an API key in portal settings.`);
      const street = [address.address1, address.address2].filter((part) => part.trim()).join(' ');
      const { body } = await getProviderJson({
        label: LABEL,
        timeoutMs: options.timeoutMs,
        headers: { apikey: options.key },
        readStatuses: [400],
        url: urlUnder(options.baseUrl, '/propertyapi/v1.0.0/property/detail', {
          address1: street,
          address2: `${address.city}, ${address.state} ${address.zip}`.trim(),
        }),
      });
      const answer = objectOf(body);
      const status = objectOf(answer.status);
      if (status.msg === 'SuccessWithoutResult') return null;
      if (!Array.isArray(answer.property))
        throw new PropertyDataError(
          LABEL,
          `${LABEL} could not look the address up${textOf(status.msg) ? `: ${textOf(status.msg)}` : ''}.`,
        );
      if (answer.property.length === 0) return null;
      const property = objectOf(answer.property[0]);
      const summary = objectOf(property.summary);
      const building = objectOf(property.building);
      const size = objectOf(building.size);
      const construction = objectOf(building.construction);
      const buildingSummary = objectOf(building.summary);
      return {
        year_built: numberOf(either(summary, 'yearbuilt', 'yearBuilt')),
        living_area_sqft: numberOf(
          either(size, 'livingsize', 'livingSize', 'universalsize', 'universalSize'),
        ),
        stories: numberOf(either(buildingSummary, 'levels', 'storyCount')),
        construction: textOf(either(construction, 'constructiontype', 'constructionType')),
        foundation: textOf(either(construction, 'foundationtype', 'foundationType', 'foundationMaterial')),
        occupancy: textOf(either(summary, 'proptype', 'propType', 'propclass')),
        owner_occupied: ownerOccupied(textOf(either(summary, 'absenteeInd', 'absenteeind'))),
      };
    },
  };
}
