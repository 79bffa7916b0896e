/** POST /api/auth/login, /logout, /me (docs/api.md Auth). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf, authenticateHook } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { auditedSignIn } from '../services/audited-sign-in.ts';
import { accountView, login, logout } from '../services/auth-service.ts';
import { loginBodySchema, sessionOnlyBodySchema } from './request-schemas.ts';

export interface LoginRateLimit {
  /** Attempts allowed per IP and e-mail within the window. */
  max: number;
  /** Window length in ms. */
  timeWindowMs: number;
}

/** 10 login attempts per minute per IP and e-mail. Issue 2 §4 Auth. */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 10, timeWindowMs: 60_000 };

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many login attempts. Try again later.';

const response = { default: envelopeSchema };

/** Registers the auth routes on `app` (needs @fastify/rate-limit registered first). */
export async function authRoutes(
  app: FastifyInstance,
  options: { db: Executor; loginRateLimit: LoginRateLimit },
) {
  const { db } = options;

  app.post(
    '/api/auth/login',
    {
      schema: { tags: ['auth'], body: loginBodySchema, response },
      config: {
        rateLimit: {
          max: options.loginRateLimit.max,
          timeWindow: options.loginRateLimit.timeWindowMs,
          // After validation, so the key can include the e-mail.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}|${String((request.body as { email?: string }).email ?? '').toLowerCase()}`,
          errorResponseBuilder: () => new ApiError(429, TOO_MANY_ATTEMPTS_MESSAGE),
        },
      },
    },
    async (request) => {
      const { email, password } = request.body as { email: string; password: string };
      return success('Logged in.', await auditedSignIn(db, request, email, () => login(db, email, password)));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: { tags: ['auth'], body: sessionOnlyBodySchema, response },
      preValidation: authenticateHook(db),
    },
    async (request) => {
      await logout(db, actorOf(request));
      return success('Logged out.', null);
    },
  );

  app.post(
    '/api/auth/me',
    {
      schema: { tags: ['auth'], body: sessionOnlyBodySchema, response },
      preValidation: authenticateHook(db),
    },
    async (request) => {
      if (!request.account) throw new Error('route without the authenticate hook');
      return success('Current user.', accountView(request.account));
    },
  );
}
