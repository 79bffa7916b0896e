/**
 * POST /api/auth/login, /logout, /me (docs/api.md Auth; the sign-in of issue 38: sign-in-service.ts).
 * A session's answer sets the session cookie, auth/me sets it again for its session (a browser
 * signed in before the cookie existed gets it), logout clears it (ADR 748).
 */
import type { FastifyInstance } from 'fastify';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { clearSessionCookie, setSessionCookie, withSessionCookie } from '../http/session-cookie.ts';
import { signInClientOf } from '../http/sign-in-client.ts';
import { auditedSignIn } from '../services/audited-sign-in.ts';
import { accountView, logout } from '../services/auth-service.ts';
import { login } from '../services/sign-in-service.ts';
import { loginBodySchema, sessionOnlyBodySchema } from './request-schemas.ts';
import { openRoute, sessionRoute } from './session-route.ts';

/** Registers the auth routes on `app`. */
export async function authRoutes(app: FastifyInstance, options: { db: Executor; throttle: SignInThrottle }) {
  const { db } = options;

  const open = openRoute(app, 'auth');
  const secured = sessionRoute(app, db, 'auth');

  open('auth/login', loginBodySchema, async (request, reply) => {
    const { email, password } = request.body;
    const answer = await auditedSignIn(db, request, email, () =>
      login(db, email, password, signInClientOf(request), options.throttle),
    );
    return success(
      'mfa_required' in answer ? 'Enter your second factor.' : 'Logged in.',
      withSessionCookie(request, reply, answer),
    );
  });

  secured('auth/logout', sessionOnlyBodySchema, async (request, reply) => {
    await logout(db, actorOf(request));
    clearSessionCookie(request, reply);
    return success('Logged out.', null);
  });

  secured('auth/me', sessionOnlyBodySchema, async (request, reply) => {
    if (!request.account) throw new Error('route without the authenticate hook');
    const { session_key } = request.body;
    if (typeof session_key === 'string') setSessionCookie(request, reply, session_key);
    return success('Current user.', accountView(request.account));
  });
}
