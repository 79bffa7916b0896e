/**
 * Where a request comes from, as the sign-in throttle and the session list see it (issue 38):
 * Fastify's `request.ip`, which is the proxy's X-Forwarded-For entry only when the connection
 * comes from a proxy TRUST_PROXY names (trust-proxy.ts), and the User-Agent.
 */
import type { FastifyRequest } from 'fastify';
import type { ThrottledClient } from '../services/sign-in-service.ts';

/** Longest User-Agent kept, in characters. */
const USER_AGENT_MAX = 400;

/** The request's client address and User-Agent (cut to USER_AGENT_MAX characters). */
export function signInClientOf(request: FastifyRequest): ThrottledClient {
  const userAgent = request.headers['user-agent'];
  return {
    address: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
}
