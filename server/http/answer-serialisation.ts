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
 * The schema is a deep copy (schemaForSerialiser): fast-json-stringify writes inferred `type`s
 * into the schema it compiles and sorts `type` arrays, and the OpenAPI document must not change
 * with it.
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
    200: schemaForSerialiser(successEnvelopeSchema(data)),
  };
}

/**
 * A deep copy of `schema` for fast-json-stringify, with every open object (`type: 'object'`,
 * `additionalProperties: true`, and no `properties`, `patternProperties` or `required` to shape
 * its output) replaced by the empty schema, whose value is written by one `JSON.stringify`.
 * fast-json-stringify writes an open object key by key (each key escaped, each value given to
 * `JSON.stringify`): for an object the same text, same keys in the same order, undefined,
 * function and symbol values left out; but the get's answer, most of it the application
 * document, took 21.6 µs that way against 8.2 (docs/decisions/686-open-objects-serialised-whole.md).
 * A value that is not an object where the schema says object, which no route sends, is written
 * as its JSON instead of coerced to an object.
 */
export function schemaForSerialiser(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaForSerialiser);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  const open =
    node.type === 'object' &&
    node.additionalProperties === true &&
    node.properties === undefined &&
    node.patternProperties === undefined &&
    node.required === undefined;
  if (open) return {};
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, schemaForSerialiser(value)]));
}

/** Adds the onRoute hook to `app`; call before any route is registered. */
export function serialiseAnswersWithSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const served = servedResponses(methods[0], route.url, route.schema?.response as Record<string, unknown>);
    if (served) route.schema = { ...route.schema, response: served };
  });
}
