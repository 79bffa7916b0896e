/**
 * The second factor and session calls of issue 38 (docs/api-accounts.md Sign-in security):
 * auth/mfa/verify completes a sign-in; auth/mfa/totp-enroll and totp-confirm turn TOTP on, for a
 * signed-in user or, with the mfa_token, for one whose company requires it at sign-in;
 * auth/mfa/status; auth/sessions/list, revoke, revoke-others; users/revoke-sessions and
 * users/reset-mfa (ADR 755) for admins.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditCallerOf } from '../audit/record-audit-event.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { Executor } from '../db/database.ts';
import type { MfaChallengeRow } from '../db/sign-in-security-schema.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf, authenticateHook } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { clearSessionCookie, withSessionCookie } from '../http/session-cookie.ts';
import { signInClientOf } from '../http/sign-in-client.ts';
import { uncheckedBodyFields } from '../http/unchecked-body.ts';
import { secondFactorsOf } from '../repositories/mfa-repository.ts';
import { auditedSignIn } from '../services/audited-sign-in.ts';
import { confirmTotpEnrolment, enrolTotp, mfaStatus } from '../services/mfa-service.ts';
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from '../services/sessions-service.ts';
import {
  completeSignIn,
  openChallenge,
  type ThrottledClient,
  verifySecondFactor,
} from '../services/sign-in-service.ts';
import { resetManagedUserMfa, revokeManagedUserSessions } from '../services/users-service.ts';
import { userIdBodySchema } from './account-request-schemas.ts';
import { sessionOnlyBodySchema } from './request-schemas.ts';
import { hookedRoute, openRoute, sessionRoute } from './session-route.ts';
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

/**
 * The answer of a call that completes a sign-in's second step (auth/mfa/verify,
 * auth/mfa/passkey-verify): runs `verify` under the audit of auditedSignIn (`auth.mfa_verified`,
 * or `auth.login_failed` for its 401), sets the session cookie (ADR 748) and answers the session.
 */
export async function secondStepAnswer(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  verify: (client: ThrottledClient) => Promise<Awaited<ReturnType<typeof completeSignIn>>>,
) {
  const data = await auditedSignIn(
    db,
    request,
    null,
    () => verify(signInClientOf(request)),
    'auth.mfa_verified',
  );
  return success('Logged in.', withSessionCookie(request, reply, data));
}

/**
 * preValidation of the enrolment calls: a body with a session key authenticates by it as on every
 * call (checked before the body, ADR 013); without one, body.mfa_token opens the sign-in's
 * challenge (only for a user with no second factor yet: ApiError 403 VERIFY_FIRST_MESSAGE
 * otherwise, so a password alone never adds a factor to an account that has one).
 */
function sessionOrMfaToken(db: Executor) {
  const authenticate = authenticateHook(db);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = uncheckedBodyFields(request.body);
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
  const enrolling = hookedRoute(app, 'auth', sessionOrMfaToken(db));

  open('auth/mfa/verify', mfaVerifyBodySchema, async (request, reply) => {
    const { mfa_token, code } = request.body;
    return secondStepAnswer(db, request, reply, (client) =>
      verifySecondFactor(db, mfa_token, code, client, throttle),
    );
  });

  enrolling('auth/mfa/totp-enroll', totpEnrolBodySchema, async (request) => {
    if (!request.account) throw new Error('route without the enrolment hook');
    return success('Scan the code with your authenticator app.', await enrolTotp(db, request.account));
  });

  enrolling('auth/mfa/totp-confirm', totpConfirmBodySchema, async (request, reply) => {
    const { account, mfaChallenge } = request;
    if (!account) throw new Error('route without the enrolment hook');
    const { code } = request.body;
    const { recovery_codes } = await confirmTotpEnrolment(db, account.user.id, code);
    const message = 'Two-step sign-in is on. Keep your recovery codes somewhere safe.';
    if (!mfaChallenge) return success(message, { recovery_codes });
    // Enrolled during sign-in: the sign-in completes with the code that proved the app works.
    const session = await completeSignIn(db, mfaChallenge, account, signInClientOf(request));
    return success(message, withSessionCookie(request, reply, { recovery_codes, ...session }));
  });

  secured('auth/mfa/status', sessionOnlyBodySchema, async (request) => {
    if (!request.account) throw new Error('route without the authenticate hook');
    return success('Second factor.', await mfaStatus(db, request.account));
  });

  secured('auth/sessions/list', sessionOnlyBodySchema, async (request) =>
    success('Sessions.', await listOwnSessions(db, actorOf(request))),
  );

  secured('auth/sessions/revoke', sessionRevokeBodySchema, async (request, reply) => {
    const { id } = request.body;
    const { revoked_id, current } = await revokeOwnSession(db, actorOf(request), Number(id));
    // Ending this browser's own session takes its cookie too (ADR 748).
    if (current) clearSessionCookie(request, reply);
    return success('Session ended.', { revoked_id });
  });

  secured('auth/sessions/revoke-others', sessionOnlyBodySchema, async (request) =>
    success('Signed out everywhere else.', await revokeOtherOwnSessions(db, actorOf(request))),
  );

  const users = sessionRoute(app, db, 'users');
  users('users/revoke-sessions', userIdBodySchema, async (request, reply) => {
    const { user_id } = request.body;
    const actor = actorOf(request);
    const answer = await revokeManagedUserSessions(db, actor, Number(user_id));
    // An admin ending their own sessions ends this one too: its cookie goes with it (ADR 748).
    if (answer.user_id === actor.userId) clearSessionCookie(request, reply);
    return success('Sessions ended.', answer);
  });

  users('users/reset-mfa', userIdBodySchema, async (request) => {
    const { user_id } = request.body;
    const answer = await resetManagedUserMfa(db, actorOf(request), Number(user_id), auditCallerOf(request));
    return success('Two-step sign-in reset. The user sets it up again at their next sign-in.', answer);
  });
}
