/**
 * preValidation hook of every call that needs a session (docs/api.md): resolves body.session_key
 * to the caller before the body schema runs, so an anonymous caller learns nothing about bodies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import type { Account } from '../repositories/accounts-repository.ts';
import type { Actor } from '../services/actor.ts';
import { authenticate } from '../services/auth-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set by the authenticate hook on routes that need a session. */
    actor: Actor | null;
    account: Account | null;
  }
}

/** The hook for `db`: 401 'Invalid Details' / 'Unauthenticated.' envelopes via ApiError. SPEC §8. */
export function authenticateHook(db: Executor) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const key = body && typeof body === 'object' && !Array.isArray(body) ? body.session_key : undefined;
    const { actor, account } = await authenticate(db, key);
    request.actor = actor;
    request.account = account;
  };
}

/** The actor of an authenticated request; throws when a route forgot the hook (a server bug). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('route without the authenticate hook');
  return request.actor;
}
