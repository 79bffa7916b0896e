/**
 * USGS Elevation Point Query Service connector (the ground elevation job, keyless; issue 40,
 * ADR 757): GET /v1/json?x=<lng>&y=<lat>&wkid=4326&units=Feet&includeDate=false, answered
 * `{location: {x, y, spatialReference: {wkid: 4326}}, locationId: 0, value: 4.27, rasterId: 1,
 * resolution: 1}` (the OpenAPI document at epqs.nationalmap.gov/v1/docs; `value` arrives as a
 * number or a numeric string), the ground elevation of the USGS 3D Elevation Program's best
 * available DEM at the point, in feet above NAVD 88. A point without data answers value
 * -1000000: "not found". A request it cannot read is HTTP 400 with plain text.
 */
import { type ConnectorOptions, urlUnder } from './connector-options.ts';
import { getProviderJson } from './get-provider-json.ts';
import { numberOf, objectOf } from './read-provider-answer.ts';
import {
  type GroundElevation,
  type GroundElevationProvider,
  type Location,
  PropertyDataError,
} from './types.ts';

const LABEL = 'USGS Elevation';
/** EPQS's "no data at this point". */
const NO_DATA = -1_000_000;

/** The USGS EPQS ground elevation provider (no key). */
export function usgsEpqsConnector(options: ConnectorOptions): GroundElevationProvider {
  return {
    name: 'usgs_epqs',
    async groundElevation(location: Location): Promise<GroundElevation | null> {
      const { body } = await getProviderJson({
        label: LABEL,
        timeoutMs: options.timeoutMs,
        url: urlUnder(options.baseUrl, '/v1/json', {
          x: String(location.longitude),
          y: String(location.latitude),
          wkid: '4326',
          units: 'Feet',
          includeDate: 'false',
        }),
      });
      const value = numberOf(objectOf(body).value);
      if (value === null) throw new PropertyDataError(LABEL, `${LABEL} sent an answer of an unknown shape.`);
      if (value <= NO_DATA) return null;
      return { elevation_feet: Math.round(value * 10) / 10 };
    },
  };
}
