/**
 * `/api/openapi.json` (issue 21): an OpenAPI 3.1.0 document that swagger-parser accepts and
 * Redocly's recommended rules pass with 0 errors; every operation has a summary, a description,
 * a tag, security, an example that its body schema accepts, a success answer and the error
 * envelope; every route has texts and no texts are left without a route. The answer check of
 * every other server suite (helpers/answer-check.ts) is itself shown to catch a mismatch.
 */
import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import Ajv2020 from 'ajv/dist/2020.js';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_ROUTE_SCOPES } from '../../../server/auth/partner-scopes.ts';
import { DATA_SCHEMAS } from '../../../server/http/openapi-answers.ts';
import { OPENAPI_TAGS, PARTNER_SCHEME } from '../../../server/http/openapi-document.ts';
import { OPERATION_TEXTS } from '../../../server/http/openapi-operations.ts';
import { schemaExample } from '../../../server/http/schema-example.ts';
import { checkAnswersAgainstDocument } from '../helpers/answer-check.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { API_TYPES_FILE, apiTypesSource } from './api-types-source.ts';
import { redoclyProblems, swaggerParserProblem } from './openapi-validators.ts';

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; schema: object; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: object; example?: unknown }> }>;
};
type Document = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
};

const keyOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  let operations: [string, Operation][];

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(
        ([method, operation]) => [keyOf(method, path), operation] as [string, Operation],
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is OpenAPI 3.1.0 with a server, the tags of the SPEC areas and the partner key as a bearer scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.tags.map((tag) => tag.name)).toEqual(OPENAPI_TAGS.map((tag) => tag.name));
    expect(document.components.securitySchemes[PARTNER_SCHEME]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('passes swagger-parser and Redocly’s recommended rules with 0 errors', async () => {
    expect(await swaggerParserProblem(document)).toBeNull();
    const errors = (await redoclyProblems(document)).filter((problem) => problem.severity === 'error');
    expect(errors).toEqual([]);
  }, 60_000);

  it('is what the portal’s generated API types were made from (run `npm run api:types` after a schema change)', async () => {
    const generated = readFileSync(API_TYPES_FILE, 'utf8');
    expect(
      generated === (await apiTypesSource(document)),
      'portal/lib/api-schema.generated.ts is stale',
    ).toBe(true);
  });

  it('has texts for exactly the routes of the app', () => {
    expect(operations.map(([key]) => key).sort()).toEqual(Object.keys(OPERATION_TEXTS).sort());
    for (const key of Object.keys(DATA_SCHEMAS)) expect(OPERATION_TEXTS[key], key).toBeDefined();
  });

  it('gives every operation a summary, description, known tag, security, success answer and error envelope', () => {
    const tags = new Set(OPENAPI_TAGS.map((tag) => tag.name));
    for (const [key, operation] of operations) {
      expect(operation.summary, key).toBe(OPERATION_TEXTS[key].summary);
      expect(operation.description, key).toContain(OPERATION_TEXTS[key].description);
      expect(operation.description, key).toMatch(
        /Authentication: (`session_key`|the `portal_session` cookie|the session key in the `X-Session-Key` header)|Open: no session/,
      );
      expect(operation.tags?.every((tag) => tags.has(tag)) && operation.tags.length > 0, key).toBe(true);
      expect(operation.security, key).toBeDefined();
      expect(
        Object.keys(operation.responses).some((status) => /^[23]/.test(status)),
        key,
      ).toBe(true);
      expect(operation.responses['4XX']?.content?.['application/json']?.schema, key).toBeDefined();
    }
  });

  it('opens exactly the calls of the partner scopes to the bearer key, beside the session key', () => {
    const withBearer = operations
      .filter(([, operation]) => operation.security?.some((entry) => PARTNER_SCHEME in entry))
      .map(([key]) => key.replace(/^POST /, ''));
    expect(withBearer.sort()).toEqual(Object.keys(PARTNER_ROUTE_SCOPES).sort());
    for (const [, operation] of operations.filter(([key]) =>
      withBearer.includes(key.replace(/^POST /, '')),
    )) {
      expect(operation.security).toEqual([{ [PARTNER_SCHEME]: [] }, {}]);
    }
  });

  it('gives every operation an example its schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
    for (const [key, operation] of operations) {
      const media = Object.values(operation.requestBody?.content ?? {})[0];
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
      const answer = success?.content?.['application/json'];
      const parameterExample = operation.parameters?.some((parameter) => parameter.example !== undefined);
      expect(media?.example !== undefined || answer?.example !== undefined || parameterExample, key).toBe(
        true,
      );
      for (const parameter of operation.parameters ?? [])
        expect(ajv.validate(parameter.schema, parameter.example), `${key} ${parameter.name}`).toBe(true);
      if (media?.example !== undefined)
        expect(ajv.validate(media.schema, media.example), `${key} ${ajv.errorsText()}`).toBe(true);
      if (answer?.example !== undefined && answer.schema)
        expect(ajv.validate(answer.schema, answer.example), `${key} ${ajv.errorsText()}`).toBe(true);
    }
  });

  it('documents the answers the application and auth calls give', async () => {
    const key = await t.loginAs('agent@demo.test');
    const list = await t.post('agent-portal/get-agent-applications-list', { session_key: key });
    expect(list.statusCode).toBe(200);
    const id = list.body.data.applications.data[0].id;
    const one = await t.post('agent-portal/get-application-by-id', { session_key: key, application_id: id });
    expect(one.statusCode).toBe(200);
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(200);
  });
});

describe('the answer check of the server suites', () => {
  it('turns an answer that does not match its documented schema into a 500 naming the problem', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } });
    const answer = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };
    app.get('/api/right', { schema: { response: { 200: answer } } }, async () => ({ n: 1 }));
    // Serialised without the schema, as the app does, so the wrong answer reaches the check.
    app.get(
      '/api/wrong',
      { schema: { response: { 200: answer } }, serializerCompiler: () => JSON.stringify },
      async () => ({ n: 'one' }),
    );
    const mismatches = checkAnswersAgainstDocument(app);
    await app.ready();
    expect((await app.inject('/api/right')).statusCode).toBe(200);
    const wrong = await app.inject('/api/wrong');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json().message).toContain('GET /api/wrong 200: answer/n must be integer');
    expect(mismatches).toHaveLength(1);
    await app.close();
  });

  it('turns an answer the schema serialiser changed (a dropped field, null made "") into a 500 naming it', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } });
    const answer = { type: 'object', properties: { n: { type: 'integer' }, s: { type: 'string' } } };
    app.get('/api/dropped', { schema: { response: { 200: answer } } }, async () => ({ n: 1, extra: 'x' }));
    app.get('/api/coerced', { schema: { response: { 200: answer } } }, async () => ({ n: 1, s: null }));
    const mismatches = checkAnswersAgainstDocument(app);
    await app.ready();
    const dropped = await app.inject('/api/dropped');
    expect(dropped.statusCode).toBe(500);
    expect(dropped.json().message).toContain(
      'GET /api/dropped 200: answer.extra is not declared by the schema and was dropped',
    );
    const coerced = await app.inject('/api/coerced');
    expect(coerced.statusCode).toBe(500);
    expect(coerced.json().message).toContain('answer.s was null but is served as ""');
    expect(mismatches).toHaveLength(2);
    await app.close();
  });

  it('builds examples that name required properties and the session key only', () => {
    const schema = {
      type: 'object',
      required: ['id'],
      properties: {
        session_key: { type: 'string' },
        id: { type: 'integer', minimum: 1 },
        note: { type: 'string' },
      },
    };
    expect(schemaExample(schema)).toEqual({ session_key: 'a1b2c3d4e5f6', id: 1 });
  });
});
