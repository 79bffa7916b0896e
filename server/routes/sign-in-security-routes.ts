/**
 * The second factor and session calls of issue 38 (docs/api-accounts.md Sign-in security):
 * auth/mfa/verify completes a sign-in; auth/mfa/totp-enroll and totp-confirm turn TOTP on, for a
 * signed-in user or, with the mfa_token, for one whose company requires it at sign-in;
 * auth/mfa/status; auth/sessions/list, revoke, revoke-others; users/revoke-sessions for admins.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { Executor } from '../db/database.ts';
import type { MfaChallengeRow } from '../db/sign-in-security-schema.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf, authenticateHook } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { signInClientOf } from '../http/sign-in-client.ts';
import { secondFactorsOf } from '../repositories/mfa-repository.ts';
import { auditedSignIn } from '../services/audited-sign-in.ts';
import { confirmTotpEnrolment, enrolTotp, mfaStatus } from '../services/mfa-service.ts';
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from '../services/sessions-service.ts';
import { completeSignIn, openChallenge, verifySecondFactor } from '../services/sign-in-service.ts';
import { revokeManagedUserSessions } from '../services/users-service.ts';
import { userIdBodySchema } from './account-request-schemas.ts';
import { sessionOnlyBodySchema } from './request-schemas.ts';
import { type BodyId, bodyOf, openRoute, sessionRoute } from './session-route.ts';
import {
  mfaVerifyBodySchema,
  sessionRevokeBodySchema,
  totpConfirmBodySchema,
  totpEnrolBodySchema,
} from './sign-in-security-request-schemas.ts';

/** The answer to an mfa_token used to enrol by a user who already has a second factor. */
export const VERIFY_FIRST_MESSAGE = 'Sign in with your second factor first.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The sign-in challenge of body.mfa_token, on the enrolment calls that accept one. */
    mfaChallenge: MfaChallengeRow | null;
  }
}

const response = { default: envelopeSchema };

/**
 * preValidation of the enrolment calls: a body with a session key authenticates by it as on every
 * call (checked before the body, ADR 013); without one, body.mfa_token opens the sign-in's
 * challenge (only for a user with no second factor yet: ApiError 403 VERIFY_FIRST_MESSAGE
 * otherwise, so a password alone never adds a factor to an account that has one).
 */
function sessionOrMfaToken(db: Executor) {
  const authenticate = authenticateHook(db);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    // A session key is checked first, as on every session call (ADR 013); the token only without one.
    if (typeof fields.mfa_token !== 'string' || fields.session_key !== undefined)
      return authenticate(request, reply);
    const token = fields.mfa_token;
    const { challenge, account } = await openChallenge(db, token);
    const factors = await secondFactorsOf(db, account.user.id);
    if (factors.totp || factors.passkeys > 0) throw new ApiError(403, VERIFY_FIRST_MESSAGE);
    request.mfaChallenge = challenge;
    request.account = account;
  };
}

/** Registers the calls. */
export async function signInSecurityRoutes(
  app: FastifyInstance,
  options: { db: Executor; throttle: SignInThrottle },
) {
  const { db, throttle } = options;
  app.decorateRequest('mfaChallenge', null);
  const open = openRoute(app, 'auth');
  const secured = sessionRoute(app, db, 'auth');
  const enrolling = (path: string, body: object, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app.post(
      `/api/${path}`,
      { schema: { tags: ['auth'], body, response }, preValidation: sessionOrMfaToken(db) },
      handler,
    );

  open('auth/mfa/verify', mfaVerifyBodySchema, async (request) => {
    const { mfa_token, code } = bodyOf<{ mfa_token: string; code: string }>(request);
    const data = await auditedSignIn(
      db,
      request,
      null,
      () => verifySecondFactor(db, mfa_token, code, signInClientOf(request), throttle),
      'auth.mfa_verified',
    );
    return success('Logged in.', data);
  });

  enrolling('auth/mfa/totp-enroll', totpEnrolBodySchema, async (request) => {
    if (!request.account) throw new Error('route without the enrolment hook');
    return success('Scan the code with your authenticator app.', await enrolTotp(db, request.account));
  });

  enrolling('auth/mfa/totp-confirm', totpConfirmBodySchema, async (request) => {
    const { account, mfaChallenge } = request;
    if (!account) throw new Error('route without the enrolment hook');
    const { code } = bodyOf<{ code: string }>(request);
    const { recovery_codes } = await confirmTotpEnrolment(db, account.user.id, code);
    const message = 'Two-step sign-in is on. Keep your recovery codes somewhere safe.';
    if (!mfaChallenge) return success(message, { recovery_codes });
    // Enrolled during sign-in: the sign-in completes with the code that proved the app works.
    const session = await completeSignIn(db, mfaChallenge, account, signInClientOf(request));
    return success(message, { recovery_codes, ...session });
  });

  secured('auth/mfa/status', sessionOnlyBodySchema, async (request) => {
    if (!request.account) throw new Error('route without the authenticate hook');
    return success('Second factor.', await mfaStatus(db, request.account));
  });

  secured('auth/sessions/list', sessionOnlyBodySchema, async (request) =>
    success('Sessions.', await listOwnSessions(db, actorOf(request))),
  );

  secured('auth/sessions/revoke', sessionRevokeBodySchema, async (request) => {
    const { id } = bodyOf<{ id: BodyId }>(request);
    return success('Session ended.', await revokeOwnSession(db, actorOf(request), Number(id)));
  });

  secured('auth/sessions/revoke-others', sessionOnlyBodySchema, async (request) =>
    success('Signed out everywhere else.', await revokeOtherOwnSessions(db, actorOf(request))),
  );

  const users = sessionRoute(app, db, 'users');
  users('users/revoke-sessions', userIdBodySchema, async (request) => {
    const { user_id } = bodyOf<{ user_id: BodyId }>(request);
    return success('Sessions ended.', await revokeManagedUserSessions(db, actorOf(request), Number(user_id)));
  });
}
