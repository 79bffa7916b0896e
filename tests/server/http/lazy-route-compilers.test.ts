/**
 * Route schemas compiled on their first use (server/http/lazy-route-compilers.ts, ADR 682): nothing
 * compiles at ready, each schema compiles once, and an app answers every body exactly as it does
 * with Fastify's default compilers. Answer serialisers are compiled once per process, not per app (ADR 796).
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import fc from 'fast-check';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { REQUEST_AJV_OPTIONS } from '../../../server/app.ts';
import {
  compiledOnFirstUse,
  lazyRouteCompilers,
  sharedBetweenApps,
} from '../../../server/http/lazy-route-compilers.ts';

const bodySchema = {
  type: 'object',
  required: ['session_key', 'limit'],
  additionalProperties: false,
  properties: {
    session_key: { type: 'string', minLength: 1 },
    limit: { type: 'integer', minimum: 0, maximum: 500_000 },
    flood_zone: { type: 'string', enum: ['A', 'AE', 'V', 'X'], default: 'X' },
  },
} as const;
const responseSchema = {
  200: {
    type: 'object',
    properties: { limit: { type: 'integer' }, flood_zone: { type: 'string' } },
  },
} as const;

/** An app with one route echoing its body (plus a field its answer schema does not declare). */
async function echoApp(options: FastifyServerOptions) {
  const app = Fastify({ ajv: { customOptions: REQUEST_AJV_OPTIONS }, ...options });
  app.post('/echo', { schema: { body: bodySchema, response: responseSchema } }, async (request) => ({
    ...(request.body as object),
    undeclared: 'never sent',
  }));
  await app.ready();
  return app;
}

describe('compiledOnFirstUse', () => {
  it('compiles at the first call, once, and carries the last call’s errors', () => {
    let compiles = 0;
    const compile = compiledOnFirstUse((route: { max: number }) => {
      compiles += 1;
      const validate = (data: unknown) => {
        validate.errors = typeof data === 'number' && data <= route.max ? null : [{ message: 'too big' }];
        return validate.errors === null;
      };
      validate.errors = null as unknown;
      return validate;
    });
    const validate = compile({ max: 3 });
    expect(compiles).toBe(0);
    expect(validate(5)).toBe(false);
    expect(validate.errors).toEqual([{ message: 'too big' }]);
    expect(validate(2)).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compiles).toBe(1);
  });
});

describe('an app with the lazy compilers', () => {
  it('compiles no route schema at ready and each one once, when a request first needs it', async () => {
    let compiles = 0;
    const counting = AjvCompiler();
    const app = await echoApp({
      schemaController: {
        compilersFactory: {
          buildValidator: (external, options) => {
            const compile = counting(external, options);
            return compiledOnFirstUse((route: Parameters<typeof compile>[0]) => {
              compiles += 1;
              return compile(route);
            }) as typeof compile;
          },
        },
      },
    });
    expect(compiles).toBe(0);
    for (const limit of [1, -1, 2])
      await app.inject({ method: 'POST', url: '/echo', payload: { session_key: 'k', limit } });
    expect(compiles).toBe(1);
    await app.close();
  });

  it('compiles an answer schema once for every app of the process, apart for other options', async () => {
    const compiled: string[] = [];
    const serializers = SerializerSelector();
    const counting = sharedBetweenApps((external: unknown, options: unknown) => {
      const compile = serializers(external as never, options as never);
      return (route: { schema: object }) => {
        compiled.push(JSON.stringify(options ?? null));
        return compile(route as never);
      };
    });
    const appWith = (serializerOpts?: object) =>
      echoApp({
        serializerOpts,
        schemaController: { compilersFactory: { buildSerializer: counting as never } },
      });
    const apps = [await appWith(), await appWith(), await appWith({ rounding: 'floor' })];
    const answers = await Promise.all(
      apps.map((app) =>
        app.inject({ method: 'POST', url: '/echo', payload: { session_key: 'k', limit: 2 } }),
      ),
    );
    // The first two apps share one serialiser; the third, with other options, compiles its own.
    expect(compiled).toEqual(['null', JSON.stringify({ rounding: 'floor' })]);
    expect(answers.map((answer) => answer.json())).toEqual(apps.map(() => ({ limit: 2, flood_zone: 'X' })));
    await Promise.all(apps.map((app) => app.close()));
  });

  const eager = echoApp({});
  const lazy = echoApp({ schemaController: lazyRouteCompilers });
  afterAll(async () => {
    await (await eager).close();
    await (await lazy).close();
  });

  it('answers any body as Fastify’s default compilers do: status, message, defaults, undeclared fields dropped', async () => {
    const body = fc.oneof(
      fc.record(
        {
          session_key: fc.oneof(fc.string(), fc.integer()),
          limit: fc.oneof(fc.integer({ min: -10, max: 600_000 }), fc.double(), fc.string()),
          flood_zone: fc.constantFrom('A', 'AE', 'V', 'X', 'Z', ''),
          extra: fc.string(),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const request = {
          method: 'POST' as const,
          url: '/echo',
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        };
        const [expected, actual] = await Promise.all([
          (await eager).inject(request),
          (await lazy).inject(request),
        ]);
        expect(actual.statusCode).toBe(expected.statusCode);
        expect(actual.body).toBe(expected.body);
      }),
    );
    const served = await (await lazy).inject({
      method: 'POST',
      url: '/echo',
      payload: { session_key: 'k', limit: 250_000 },
    });
    expect(served.json()).toEqual({ limit: 250_000, flood_zone: 'X' });
  });
});
