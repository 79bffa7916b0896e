/**
 * preValidation hook of every call that needs a session (docs/api.md): resolves body.session_key
 * to the caller before the body schema runs, so an anonymous caller learns nothing about bodies.
 * A partner API key (`Authorization: Bearer <secret>`, issue 16) authenticates instead of the
 * session key and opens only the calls of its scopes (server/auth/partner-scopes.ts), and only
 * while its company's plan has the API credentials area (issue 43, docs/decisions/764).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireCompanyArea } from '../access/access-rules.ts';
import { partnerRefusal } from '../auth/partner-scopes.ts';
import type { Executor } from '../db/database.ts';
import type { Account } from '../repositories/accounts-repository.ts';
import type { FoundApplication } from '../repositories/application-with-relations.ts';
import { isRowId } from '../repositories/is-row-id.ts';
import type { Actor } from '../services/actor.ts';
import { authenticateApiKey, type PartnerKey } from '../services/api-credentials-service.ts';
import { authenticate, authenticateWithApplication } from '../services/auth-service.ts';
import { ApiError } from './api-error.ts';
import { uncheckedBodyFields } from './unchecked-body.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set by the authenticate hook on routes that need a session. */
    actor: Actor | null;
    account: Account | null;
    /** The partner API key that authenticated the call, or null for a session. */
    partnerKey: PartnerKey | null;
    /**
     * The application of body.application_id read with the session (a hook with
     * `readsApplication`), not yet checked against the caller's scope; null otherwise.
     */
    applicationRead: ApplicationRead | null;
  }
}

/** An application read by the authenticate hook: the id asked and the row found (null: none). */
export interface ApplicationRead {
  id: number;
  found: FoundApplication | null;
}

export interface AuthenticateHookOptions {
  /**
   * Read body.application_id's application in the session's statement (get-application-by-id:
   * one query per call, docs/decisions/590-get-in-one-statement.md); sets request.applicationRead.
   */
  readsApplication?: boolean;
}

/**
 * The secret of an `Authorization: Bearer <secret>` header, or null without one ('' for a
 * Bearer header without a secret, which then fails authentication).
 */
export function bearerSecretOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer(?:\s+(.*))?$/i.exec(header.trim()) : null;
  return match ? (match[1] ?? '').trim() : null;
}

/** The access area (access/access-areas.json) a partner key's company needs. */
const PARTNER_KEYS_AREA = 'api-credentials';

/**
 * The hook for `db`: 401 'Invalid Details' / 'Unauthenticated.' envelopes via ApiError (SPEC §8);
 * with a Bearer key, 401 'Unauthenticated.' for a dead key, 403 notInPlanMessage when its company
 * lacks the API credentials area, and 403 for a call outside its scopes.
 */
export function authenticateHook(db: Executor, options: AuthenticateHookOptions = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const secret = bearerSecretOf(request);
    if (secret !== null) {
      const { actor, partnerKey } = await authenticateApiKey(db, secret);
      // A key made on a plan with API credentials stops working when the company no longer has them.
      requireCompanyArea(partnerKey.company, PARTNER_KEYS_AREA);
      const refusal = partnerRefusal(request.routeOptions.url, partnerKey.scopes);
      if (refusal) throw new ApiError(403, refusal);
      request.actor = actor;
      request.partnerKey = partnerKey;
      return;
    }
    const body = uncheckedBodyFields(request.body);
    const key = body.session_key;
    // The body is not validated yet: only a number or a string is converted (Number() of an
    // object or array calls the body's own toString, which may not be a function), and an id
    // that is not a row id leaves the read to the route, whose validation answers 400.
    const requestedId = options.readsApplication ? body.application_id : undefined;
    const applicationId =
      typeof requestedId === 'number' || typeof requestedId === 'string' ? Number(requestedId) : Number.NaN;
    if (isRowId(applicationId)) {
      const { actor, account, application } = await authenticateWithApplication(db, key, applicationId);
      request.actor = actor;
      request.account = account;
      request.applicationRead = { id: applicationId, found: application };
      return;
    }
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
