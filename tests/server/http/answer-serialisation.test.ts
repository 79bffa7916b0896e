/**
 * Success answers serialise through their documented schema (issue 21, ADR 490): a field the
 * schema does not declare never leaves the server, errors keep the open envelope, and no
 * documented object is one fast-json-stringify would always empty. The answer check's
 * firstDifference names what serialisation changed.
 */
import fc from 'fast-check';
import fastJsonStringify from 'fast-json-stringify';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { examples } from '../../../schemas/schema-set.ts';
import {
  schemaForSerialiser,
  serialiseAnswersWithSchemas,
} from '../../../server/http/answer-serialisation.ts';
import { failure, success } from '../../../server/http/envelope.ts';
import { DATA_SCHEMAS } from '../../../server/http/openapi-answers.ts';
import { firstDifference } from '../helpers/answer-check.ts';

/** Paths of object schemas inside `schema` that declare no property at all (served as `{}`). */
function closedEmptyObjects(schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema))
    return schema.flatMap((item, index) => closedEmptyObjects(item, `${path}/${index}`));
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const empty =
    types.includes('object') &&
    node.properties === undefined &&
    node.additionalProperties === undefined &&
    node.patternProperties === undefined;
  return [
    ...(empty ? [path] : []),
    ...Object.entries(node).flatMap(([key, value]) => closedEmptyObjects(value, `${path}/${key}`)),
  ];
}

describe('answers serialised by their documented schema', () => {
  it('drops a field the route sends but its schema does not declare, and keeps error envelopes open', async () => {
    const app = Fastify();
    serialiseAnswersWithSchemas(app);
    let fail = false;
    // A documented route: its data is {isItWorkingHour: boolean}.
    app.get('/api/is-it-working-hour', async (_request, reply) =>
      fail
        ? reply.code(409).send(failure(409, 'Busy.', { field: 'why' }, { anything: [1, 'two'] }))
        : success('Working hour.', { isItWorkingHour: true, secret_hash: 'never sent' }),
    );
    // An undocumented route is left as it is.
    app.get('/api/not-documented', async () => success('Any.', { secret_hash: 'sent as built' }));
    await app.ready();

    const served = (await app.inject({ url: '/api/is-it-working-hour' })).json();
    expect(served).toEqual({
      status: 'success',
      code: 200,
      message: 'Working hour.',
      data: { isItWorkingHour: true },
      error_obj: null,
    });
    expect((await app.inject({ url: '/api/not-documented' })).json().data).toEqual({
      secret_hash: 'sent as built',
    });
    fail = true;
    const error = await app.inject({ url: '/api/is-it-working-hour' });
    expect(error.statusCode).toBe(409);
    expect(error.json()).toEqual(failure(409, 'Busy.', { field: 'why' }, { anything: [1, 'two'] }));
    await app.close();
  });

  it('leaves the documented schemas as they are (the serialiser works on a copy)', async () => {
    const before = JSON.stringify(DATA_SCHEMAS);
    const app = Fastify();
    serialiseAnswersWithSchemas(app);
    for (const key of Object.keys(DATA_SCHEMAS)) {
      const [method, url] = key.split(' ');
      app.route({ method: method as 'GET', url, handler: async () => success('Ok.', null) });
    }
    await app.ready();
    expect(JSON.stringify(DATA_SCHEMAS)).toBe(before);
    await app.close();
  });

  it('declares every open object as open: no documented object would always be served empty', () => {
    const empty = Object.entries(DATA_SCHEMAS).flatMap(([key, schema]) => closedEmptyObjects(schema, key));
    expect(empty).toEqual([]);
  });
});

describe('schemaForSerialiser', () => {
  const open = { type: 'object', description: 'Any fields.', additionalProperties: true } as const;
  /** Open objects at the top, nested, nullable (anyOf), in array items; one with `required` kept. */
  const schema = {
    type: 'object',
    required: ['document', 'quotes'],
    properties: {
      document: open,
      ads_data: { anyOf: [open, { type: 'null' }] },
      quotes: {
        type: 'array',
        items: { type: 'object', properties: { id: { type: 'integer' }, coverages: open } },
      },
      checked: { ...open, required: ['zip'] },
    },
  } as const;
  const jsonObject = fc.dictionary(fc.string(), fc.jsonValue());

  it('writes the same text as the schema as written, for any values of its open objects', () => {
    const asWritten = fastJsonStringify(structuredClone(schema) as never);
    const served = fastJsonStringify(schemaForSerialiser(schema) as never);
    fc.assert(
      fc.property(
        jsonObject,
        fc.option(jsonObject),
        fc.array(fc.record({ id: fc.integer(), coverages: jsonObject, undeclared: fc.string() })),
        jsonObject,
        fc.string(),
        (document, adsData, quotes, checked, zip) => {
          const answer = { document, ads_data: adsData, quotes, checked: { ...checked, zip } };
          expect(served(answer)).toBe(asWritten(answer));
        },
      ),
    );
  });

  it('writes the get answer’s application document in one piece, as before', () => {
    const data = DATA_SCHEMAS['POST /api/agent-portal/get-application-by-id'];
    const served = schemaForSerialiser(data) as {
      properties: Record<string, { properties: Record<string, unknown> }>;
    };
    const payload = served.properties.application.properties.payload as {
      properties: Record<string, unknown>;
    };
    expect(payload.properties.useable_details).toEqual({});
    const document = { payload: { useable_details: examples.commercial } };
    expect(fastJsonStringify({ type: 'object', properties: { payload: payload } } as never)(document)).toBe(
      JSON.stringify(document),
    );
  });
});

describe('firstDifference', () => {
  it('names a dropped field, an added one, a coerced value and a shortened list', () => {
    expect(
      firstDifference({ a: 1, b: { c: [1, { d: null }] } }, { b: { c: [1, { d: null }] }, a: 1 }),
    ).toBeNull();
    expect(firstDifference({ a: 1, secret: 'x' }, { a: 1 })).toBe(
      'answer.secret is not declared by the schema and was dropped',
    );
    expect(firstDifference({ a: 1 }, { a: 1, b: 'default' })).toBe('answer.b was added by the schema');
    expect(firstDifference({ a: { b: null } }, { a: { b: '' } })).toBe(
      'answer.a.b was null but is served as ""',
    );
    expect(firstDifference({ a: [1, 2] }, { a: [1] })).toBe('answer.a has 1 items, not 2');
    expect(firstDifference({ a: { open: { x: 1 } } }, { a: { open: {} } })).toBe(
      'answer.a.open.x is not declared by the schema and was dropped',
    );
  });
});
