/**
 * preValidation hook of every application call (agent-portal/*, sov/*): a session (401), not a
 * customer (403: applications are the agents' and their admins' work), and a company with an
 * active subscription or trial (402). SPEC §6, §8.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { FORBIDDEN_MESSAGE } from '../services/applications-service.ts';
import { requireApplicationAccess } from '../services/check-subscription.ts';
import { ApiError } from './api-error.ts';
import { actorOf, authenticateHook } from './authenticate-hook.ts';

/**
 * After authentication: throws ApiError 403 for a customer, 402 for a company without an active
 * subscription or trial. Shared by the application calls and the file download.
 */
export function requireApplicationCaller(request: FastifyRequest): void {
  const actor = actorOf(request);
  if (actor.role === 'customer') throw new ApiError(403, FORBIDDEN_MESSAGE);
  requireApplicationAccess(actor, request.account ?? request.partnerKey);
}

/** The hook for `db`; throws ApiError 401, 403 or 402 in that order. */
export function applicationAccessHook(db: Executor) {
  const authenticate = authenticateHook(db);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    requireApplicationCaller(request);
  };
}
