/**
 * The session cookie (issue 38 "Keys out of URLs"; docs/decisions/748-session-cookie-for-links-and-streams.md):
 * the session key in an HttpOnly, SameSite=Strict cookie on path /api (Secure when the request
 * came over https), set by every answer that starts a session and by auth/me, cleared by logout
 * and by ending one's own session. It authenticates only the GET downloads and event streams a
 * browser opens without a body (link-session.ts); no POST call ever reads it, so it opens no
 * cross-site request forgery: every call keeps its body's session_key (SPEC §7).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from '../auth/session-key.ts';

/** The cookie's name. */
export const SESSION_COOKIE = 'portal_session';

/** Where the browser sends it: the API's paths only, never the portal's pages. */
const COOKIE_PATH = '/api';

/** The attributes of the cookie for `request`: Secure when it came over https (TRUST_PROXY's proto too). */
function attributesOf(request: FastifyRequest, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * Sets the session cookie to `sessionKey` on `reply` for the session's lifetime (SESSION_TTL_MS;
 * a switched session that ends sooner is refused by the server past its own end).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionKey: string): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${sessionKey}; ${attributesOf(request, Math.floor(SESSION_TTL_MS / 1000))}`,
  );
}

/** Clears the session cookie (empty value, Max-Age=0, the same path and attributes). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=; ${attributesOf(request, 0)}`);
}

/**
 * The session key of `data` (an answer that starts a session: `{session_key, ...}`) set as the
 * cookie; answers `data` unchanged. An answer without a key (login's second-factor step) sets nothing.
 */
export function withSessionCookie<T>(request: FastifyRequest, reply: FastifyReply, data: T): T {
  const key = (data as { session_key?: unknown } | null)?.session_key;
  if (typeof key === 'string' && key !== '') setSessionCookie(request, reply, key);
  return data;
}

/** The session cookie's value in the request's Cookie header, or undefined without one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals !== -1 && pair.slice(0, equals).trim() === SESSION_COOKIE) {
      const value = pair.slice(equals + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
