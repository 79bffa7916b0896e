/**
 * Success answers are serialised through their documented schema (issue 21,
 * docs/decisions/490-answers-serialised-by-their-documented-schema.md): every route whose
 * operation has a `data` schema in DATA_SCHEMAS (server/http/openapi-answers.ts) answers 200
 * through fast-json-stringify compiled from the SPEC §7 success envelope around that schema, so
 * a field the schema does not declare is never sent. Every other status keeps the open SPEC §8
 * envelope (`envelopeSchema`, `data` any JSON), so error envelopes carry what they carry.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { envelopeSchema } from './envelope.ts';
import { DATA_SCHEMAS, successEnvelopeSchema } from './openapi-answers.ts';
import { operationKey } from './openapi-document.ts';

/**
 * The served answer schemas of the route `<method> <url>`: its own `response` with 200 replaced
 * by the documented success envelope, and `default` the open envelope when it had none. Null for
 * a route without a documented `data` schema (files, CSV, redirects, events; left as they are).
 * The schema is a deep copy: fast-json-stringify writes inferred `type`s into the schema it
 * compiles and sorts `type` arrays, and the OpenAPI document must not change with it.
 */
export function servedResponses(
  method: string,
  url: string,
  response: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  const data = DATA_SCHEMAS[operationKey(method, url)];
  if (!data) return null;
  return {
    default: envelopeSchema,
    ...response,
    200: structuredClone(successEnvelopeSchema(data)),
  };
}

/** Adds the onRoute hook to `app`; call before any route is registered. */
export function serialiseAnswersWithSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const served = servedResponses(methods[0], route.url, route.schema?.response as Record<string, unknown>);
    if (served) route.schema = { ...route.schema, response: served };
  });
}
