/**
 * Route schemas compiled on their first use (docs/decisions/682-route-schemas-compiled-on-first-use.md):
 * Fastify compiles every route's body validator (Ajv) and answer serialiser (fast-json-stringify)
 * when the app gets ready, about 0.9 s of a 3 s server start for some 200 routes, though a process
 * that lives for a test, a kill -9 round or a restart calls a few of them. Here each route's
 * validator and serialiser is compiled by Fastify's own compilers, with the same options, the first
 * time a request or an answer needs it, and kept.
 *
 * What does not change: which schema validates or serialises what, the errors (Ajv's `errors` of
 * the call), the options. A schema that does not compile fails its first request (500) instead of
 * the start: the fuzz suite sends a body to every endpoint and the answer serialisation test
 * compiles every documented answer at ready, so neither goes unseen.
 */

import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** A compiled validator or serialiser: Ajv's validate functions carry the last call's `errors`. */
type Compiled = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * `compile` (a Fastify route compiler: route definition to function) deferred to the first call of
 * the function it returns; later calls go to the compiled function. After each call the wrapper
 * carries the compiled function's `errors`, which Fastify reads for the 400 answer.
 */
export function compiledOnFirstUse<Route>(compile: (route: Route) => Compiled): (route: Route) => Compiled {
  return (route) => {
    let compiled: Compiled | undefined;
    const call: Compiled = (data) => {
      compiled ??= compile(route);
      const result = compiled(data);
      call.errors = compiled.errors;
      return result;
    };
    return call;
  };
}

/** A route compiler factory of Fastify's kind: (external schemas, options) to route compiler. */
type CompilerFactory = (
  externalSchemas: unknown,
  options: unknown,
) => (route: { schema: object }) => Compiled;

/**
 * `factory` with what it compiles shared between the apps of a process, by answer schema object and
 * by the external schemas and options (compared as JSON), as Ajv's own cache does for request
 * schemas. For the serialisers: each has an Ajv of its own for its `anyOf` branches, compiled on
 * their first answer, so every app (two a server test file, one per database) compiled each answer
 * schema again. A serialiser depends only on those three; the schema objects are the route modules'.
 */
export function sharedBetweenApps<Factory extends CompilerFactory>(factory: Factory): Factory {
  const byOptions = new Map<string, WeakMap<object, Compiled>>();
  return ((externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
    const compiled = byOptions.get(key) ?? new WeakMap<object, Compiled>();
    byOptions.set(key, compiled);
    return (route) => {
      let done = compiled.get(route.schema);
      if (!done) {
        done = compile(route);
        compiled.set(route.schema, done);
      }
      return done;
    };
  }) as Factory;
}

/**
 * Fastify's default compiler factories, made once per process: the validator factory keeps one Ajv
 * instance per set of options, so the apps a test file builds share compiled request schemas; the
 * serialisers are shared by sharedBetweenApps.
 */
const buildValidator = AjvCompiler();
const buildSerializer = sharedBetweenApps(SerializerSelector() as unknown as CompilerFactory);

/** The `schemaController` server option of the app (server/app.ts). */
export const lazyRouteCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: (externalSchemas, options) =>
      compiledOnFirstUse(buildValidator(externalSchemas, options)) as ReturnType<typeof buildValidator>,
    buildSerializer: (externalSchemas, options) =>
      compiledOnFirstUse(buildSerializer(externalSchemas, options)) as ReturnType<
        ReturnType<typeof SerializerSelector>
      >,
  },
};
