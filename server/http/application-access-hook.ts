/**
 * preValidation hook of every call of a gated area (agent-portal/*, sov/*, reporting/*, ...): a
 * session (401), then the one access decision over the route's area (server/access): 403 for a
 * role outside it, 402 without an active subscription or trial, 403 without the area's
 * permission. SPEC §6, §8; docs/decisions/320-one-access-decision.md.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireCallAccess } from '../access/access-rules.ts';
import type { Executor } from '../db/database.ts';
import { type AuthenticateHookOptions, actorOf, authenticateHook } from './authenticate-hook.ts';

/**
 * After authentication: throws the ApiError of the decision's refusal of the route's area for the
 * caller (the session's account or the partner key, each with its company). Shared by the area
 * calls and the file download.
 */
export function requireApplicationCaller(request: FastifyRequest): void {
  const actor = actorOf(request);
  const caller = request.account ?? request.partnerKey;
  requireCallAccess(actor.role, request.routeOptions.url, caller?.company ?? null);
}

/** The hook for `db` (options: authenticateHook's); throws ApiError 401, then 403 or 402 in the decision's order. */
export function applicationAccessHook(db: Executor, options: AuthenticateHookOptions = {}) {
  const authenticate = authenticateHook(db, options);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    requireApplicationCaller(request);
  };
}
