/**
 * The session of the requests a browser makes without a JSON body (issue 38 "Keys out of URLs";
 * docs/decisions/748-session-cookie-for-links-and-streams.md): the GET downloads and event streams
 * (quote documents, resource files, report downloads, live quotes, texting events, the SPEC §2
 * billing-portal link) read the
 * session cookie, and the video upload (a POST whose body is the file) reads the `X-Session-Key`
 * header. Both still take `?session_key=` from API clients (docs/api.md); the portal never sends
 * it. Every check of authenticate (unknown, expired, idle, revoked: 401) applies alike.
 */
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { authenticate } from '../services/auth-service.ts';
import { requireApplicationCaller } from './application-access-hook.ts';
import { SESSION_COOKIE, sessionCookieOf } from './session-cookie.ts';

/** The header that carries the session key of a video upload. */
export const SESSION_KEY_HEADER = 'x-session-key';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The cookies a route reads, declared for the OpenAPI document only (@fastify/swagger
     * `cookies`, linkCookiesSchema): Fastify checks no cookie against it.
     */
    cookies?: unknown;
  }
}

/** The OpenAPI declaration of the session cookie on the routes that accept it (@fastify/swagger `cookies`). */
export const linkCookiesSchema = {
  type: 'object',
  properties: {
    [SESSION_COOKIE]: {
      type: 'string',
      description: 'The session cookie the sign-in answers set (HttpOnly, SameSite=Strict, path /api).',
    },
  },
} as const;

/** The OpenAPI declaration of the upload's session header (validated at most as a bounded string). */
export const uploadHeadersSchema = {
  type: 'object',
  properties: { [SESSION_KEY_HEADER]: { type: 'string', maxLength: 200 } },
} as const;

/** `?session_key=` of the request's query, or undefined. */
function queryKeyOf({ query }: FastifyRequest): unknown {
  return typeof query === 'object' && query !== null && 'session_key' in query
    ? query.session_key
    : undefined;
}

/**
 * The session key of a download or stream: `?session_key=` when an API client sends one, else the
 * session cookie, on GET (and its HEAD) only, so no state-changing request is ever authenticated
 * by what the browser attaches by itself.
 */
export function linkSessionKeyOf(request: FastifyRequest): unknown {
  const queryKey = queryKeyOf(request);
  if (queryKey !== undefined) return queryKey;
  return request.method === 'GET' || request.method === 'HEAD' ? sessionCookieOf(request) : undefined;
}

/** The session key of a video upload: the X-Session-Key header, else `?session_key=`; never the cookie. */
export function uploadSessionKeyOf(request: FastifyRequest): unknown {
  const header = request.headers[SESSION_KEY_HEADER];
  return typeof header === 'string' ? header : queryKeyOf(request);
}

/**
 * preValidation of a route without a JSON body: the session of `keyOf` (401 'Invalid Details'
 * without one, 'Unauthenticated.' for a dead one), then the application callers' rules (403
 * customer, 402 without subscription or trial, 403 without the area's permission).
 */
export function applicationCallerOf(db: Executor, keyOf: (request: FastifyRequest) => unknown) {
  return async (request: FastifyRequest) => {
    const { actor, account } = await authenticate(db, keyOf(request));
    request.actor = actor;
    request.account = account;
    requireApplicationCaller(request);
  };
}
