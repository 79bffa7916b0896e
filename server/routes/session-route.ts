/**
 * Registers `POST /api/<path>` calls the way application-routes.ts does. Each registrar is generic
 * over the call's body schema (declared `as const`), so the handler's `request.body` is
 * `FromSchema<typeof schema>`: what the schema lets through, never a cast (issue 41).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { authenticateHook } from '../http/authenticate-hook.ts';
import { envelopeSchema } from '../http/envelope.ts';

const response = { default: envelopeSchema };

/**
 * What a body `Schema` (declared `as const`) lets through, after Fastify's Ajv has filled its
 * defaults (useDefaults). The registrars take `Schema extends object` and narrow here: with
 * `extends JSONSchema` on the type parameter TypeScript expands FromSchema of the whole JSONSchema
 * type while it infers a handler's parameter, and gives up (TS2589).
 */
export type SchemaValue<Schema> = Schema extends JSONSchema ? FromSchema<Schema> : unknown;

/**
 * A route handler, its request's body checked by `Schema`; `reply` for the few that set a header
 * (the session cookie, ADR 748). `in out`: measuring the variance of Schema here would expand
 * FromSchema over the whole JSONSchema type (TS2589); a handler fits only its own schema.
 */
export type RouteHandler<in out Schema> = (
  request: Omit<FastifyRequest, 'body'> & { body: SchemaValue<Schema> },
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * A RouteHandler as Fastify takes it. The one place where a body's type is asserted: each
 * registrar below types its handler by the very `body` schema it registers, which Fastify runs
 * over every request before the handler. Fastify's generic route typing cannot carry it: over a
 * generic FromSchema TypeScript expands the whole JSONSchema type and gives up (TS2589), so the
 * handler passes through `unknown` here, and the registrars take `Schema extends object`.
 */
function asFastifyHandler(handler: unknown): RouteHandlerMethod {
  return handler as RouteHandlerMethod;
}

/** A preValidation hook: checks the caller (the session, an access area) before the body schema. */
type PreValidationHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A registrar for `app` of calls behind `preValidation` (none: an open call): the hook, then the
 * body schema (400), then `handler`; every call tagged `tag` and answered as an envelope. The
 * registrars below are this with their hook; a route file with a hook of its own (the enrolment
 * calls' session or mfa_token, sign-in-security-routes.ts) takes it directly.
 */
export function hookedRoute(app: FastifyInstance, tag: string, preValidation?: PreValidationHook) {
  const hook = preValidation ? { preValidation } : {};
  return <Schema extends object>(path: string, body: Schema, handler: RouteHandler<Schema>) =>
    app.post(`/api/${path}`, { schema: { tags: [tag], body, response }, ...hook }, asFastifyHandler(handler));
}

/** A registrar for `app`: session check (401) before the body schema (400), then `handler`. */
export function sessionRoute(app: FastifyInstance, db: Executor, tag: string) {
  return hookedRoute(app, tag, authenticateHook(db));
}

/**
 * A registrar for `app` of calls of an access area (access/access-areas.json, e.g. api-credentials):
 * session check (401), then the one access decision over the call's area (403 role, 402, 403 not in
 * plan; ADR 320, 764), then the body schema (400), then `handler`.
 */
export function areaRoute(app: FastifyInstance, db: Executor, tag: string) {
  return hookedRoute(app, tag, applicationAccessHook(db));
}

/** A registrar of open calls (no session): body schema, then `handler`. */
export function openRoute(app: FastifyInstance, tag: string) {
  return hookedRoute(app, tag);
}

/** An id from a checked body value (number or digits); undefined when absent. */
export function idOf(value: number | string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

/** A body id field as the schemas accept it: a number or a string of digits. */
export type BodyId = number | string;
