/** Registers `POST /api/<path>` calls that need a session, the way application-routes.ts does. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { authenticateHook } from '../http/authenticate-hook.ts';
import { envelopeSchema } from '../http/envelope.ts';

const response = { default: envelopeSchema };

/** A route handler; `reply` for the few that set a header (the session cookie, ADR 748). */
export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A registrar for `app`: session check (401) before the body schema (400), then `handler`. */
export function sessionRoute(app: FastifyInstance, db: Executor, tag: string) {
  const authenticate = authenticateHook(db);
  return (path: string, body: object, handler: RouteHandler) =>
    app.post(
      `/api/${path}`,
      { schema: { tags: [tag], body, response }, preValidation: authenticate },
      handler,
    );
}

/**
 * A registrar for `app` of calls of an access area (access/access-areas.json, e.g. api-credentials):
 * session check (401), then the one access decision over the call's area (403 role, 402, 403 not in
 * plan; ADR 320, 764), then the body schema (400), then `handler`.
 */
export function areaRoute(app: FastifyInstance, db: Executor, tag: string) {
  const guard = applicationAccessHook(db);
  return (path: string, body: object, handler: RouteHandler) =>
    app.post(`/api/${path}`, { schema: { tags: [tag], body, response }, preValidation: guard }, handler);
}

/** A registrar of open calls (no session): body schema, then `handler`. */
export function openRoute(app: FastifyInstance, tag: string) {
  return (path: string, body: object, handler: RouteHandler) =>
    app.post(`/api/${path}`, { schema: { tags: [tag], body, response } }, handler);
}

/** The body of a request typed as its route's JSON Schema has already checked it. */
export function bodyOf<T>(request: FastifyRequest): T {
  return request.body as T;
}

/** An id from a checked body value (number or digits); undefined when absent. */
export function idOf(value: number | string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

/** A body id field as the schemas accept it: a number or a string of digits. */
export type BodyId = number | string;
