/**
 * One ArcGIS REST MapServer layer point query, as the FEMA NFHL and the USFWS CBRS mapper both
 * serve it: GET <base>/<layer>/query?geometry=<lng>,<lat>&geometryType=esriGeometryPoint&inSR=4326
 * &spatialRel=esriSpatialRelIntersects&outFields=<fields>&returnGeometry=false&f=json, answered
 * `{features: [{attributes: {...}}]}` (an empty list when no polygon holds the point) or, with
 * HTTP 200, `{error: {code, message}}`.
 */
import { urlUnder } from './connector-options.ts';
import { getProviderJson } from './get-provider-json.ts';
import { objectOf, textOf } from './read-provider-answer.ts';
import { type Location, PropertyDataError } from './types.ts';

/** Where and how long to ask, and the provider's label for messages. */
export interface PointQuery {
  label: string;
  baseUrl: string;
  timeoutMs: number;
  layer: number;
  outFields: string;
}

/**
 * The attributes of the first feature holding `location`, or null when none does. Throws
 * PropertyDataError: the GET's failures (getProviderJson), the `{error}` answer ("<label> could
 * not answer: <message>") or an answer without a `features` list ("... of an unknown shape").
 */
export async function firstFeatureAttributes(
  query: PointQuery,
  location: Location,
): Promise<Record<string, unknown> | null> {
  const { label } = query;
  const { body } = await getProviderJson({
    label,
    timeoutMs: query.timeoutMs,
    url: urlUnder(query.baseUrl, `/${query.layer}/query`, {
      geometry: `${location.longitude},${location.latitude}`,
      geometryType: 'esriGeometryPoint',
      inSR: '4326',
      spatialRel: 'esriSpatialRelIntersects',
      outFields: query.outFields,
      returnGeometry: 'false',
      f: 'json',
    }),
  });
  const answer = objectOf(body);
  if (answer.error) {
    const message = textOf(objectOf(answer.error).message);
    throw new PropertyDataError(label, `${label} could not answer${message ? `: ${message}` : '.'}`);
  }
  if (!Array.isArray(answer.features))
    throw new PropertyDataError(label, `${label} sent an answer of an unknown shape.`);
  return answer.features.length > 0 ? objectOf(objectOf(answer.features[0]).attributes) : null;
}
