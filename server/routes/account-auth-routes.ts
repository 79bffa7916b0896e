/**
 * Issue 4 auth calls (docs/api-accounts.md Auth): forgot and reset password, change password,
 * switch user and back, SAML sign-in (its return carries a one-time code that
 * auth/saml-sso-complete spends for the session, ADR 748), and the open config. Every answer
 * that starts a session sets the session cookie. Login, logout and me stay in
 * auth-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import {
  recordFailure,
  refuseWhenThrottled,
  type SignInThrottle,
  throttleKeys,
} from '../auth/sign-in-throttle.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { withSessionCookie } from '../http/session-cookie.ts';
import { signInClientOf } from '../http/sign-in-client.ts';
import { uncheckedBodyFields } from '../http/unchecked-body.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountsConfig } from '../services/accounts-config.ts';
import { auditedSignIn } from '../services/audited-sign-in.ts';
import {
  FORGOT_PASSWORD_MESSAGE,
  RESET_DONE_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from '../services/password-reset-service.ts';
import { changePassword } from '../services/profile-service.ts';
import {
  completeSamlSignIn,
  SAML_FAILED,
  samlAcs,
  samlAuthorizeUrl,
  samlStart,
} from '../services/saml-sign-in.ts';
import { switchBack, switchUser } from '../services/switch-user-service.ts';
import {
  changePasswordBodySchema,
  emptyOpenBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  samlCompleteBodySchema,
  samlStartBodySchema,
  switchBackBodySchema,
  switchUserBodySchema,
} from './account-request-schemas.ts';
import { companyParamsSchema } from './request-schemas.ts';
import { openRoute, type SchemaValue, sessionRoute } from './session-route.ts';

/** Registers the routes. */
export async function accountAuthRoutes(
  app: FastifyInstance,
  options: { db: Executor; mailer: Mailer; config: AccountsConfig; throttle: SignInThrottle },
) {
  const { db, mailer, config } = options;
  const secured = sessionRoute(app, db, 'auth');
  const open = openRoute(app, 'auth');

  app.post(
    '/api/config/public',
    { schema: { tags: ['config'], body: { ...emptyOpenBodySchema } } },
    async () =>
      success('Configuration.', {
        ...(config.chatWidgetUrl ? { chat_widget_url: config.chatWidgetUrl } : {}),
        reset_password_path: '/auth/reset-password',
      }),
  );

  open('auth/forgot-password', forgotPasswordBodySchema, async (request) => {
    const { email } = request.body;
    // Every request counts, so one inbox gets at most accountMax reset mails per window.
    const keys = throttleKeys('forgot', email, signInClientOf(request).address);
    await refuseWhenThrottled(db, keys, options.throttle);
    await recordFailure(db, keys, options.throttle);
    const deliver = await requestPasswordReset(db, mailer, email, config.publicBaseUrl);
    // Not awaited: the answer must not take longer when the e-mail exists.
    if (deliver) deliver().catch((error: unknown) => request.log.error({ err: error }, 'reset mail failed'));
    return success(FORGOT_PASSWORD_MESSAGE, null);
  });

  open('auth/reset-password', resetPasswordBodySchema, async (request) => {
    const { token, password } = request.body;
    await resetPassword(db, token, password);
    return success(RESET_DONE_MESSAGE, null);
  });

  secured('auth/change-password', changePasswordBodySchema, async (request) => {
    const body = request.body;
    await changePassword(db, actorOf(request), body.current_password, body.password);
    return success('Password changed.', null);
  });

  secured('auth/switch-user', switchUserBodySchema, async (request, reply) => {
    const body = request.body;
    if (!request.account) throw new Error('route without the authenticate hook');
    const data = await switchUser(
      db,
      actorOf(request),
      request.account,
      body.session_key,
      Number(body.user_id),
    );
    // The switch shows in the trail of the agency switched into, under the person who switched.
    await recordAuditEvent(db, auditCallerOf(request), {
      action: 'auth.switch_user',
      companyId: data.user.mga_company?.id ?? null,
      target: { type: 'user', id: data.user.id },
    });
    return success('Switched user.', withSessionCookie(request, reply, data));
  });

  secured('auth/switch-back', switchBackBodySchema, async (request, reply) => {
    const body = request.body;
    const data = await switchBack(db, actorOf(request), body.previous_session_key);
    return success('Switched back.', withSessionCookie(request, reply, data));
  });

  open('auth/saml-sso-login', samlStartBodySchema, async (request) => {
    const body = request.body;
    const data = await samlStart(db, {
      company_id: body.company_id === undefined ? undefined : Number(body.company_id),
      email: body.email,
    });
    return success('Redirect to the identity provider.', data);
  });

  // The SAML return's one-time code for the session (ADR 748): the redirect never carries a key.
  open('auth/saml-sso-complete', samlCompleteBodySchema, async (request, reply) => {
    const { code } = request.body;
    const data = await auditedSignIn(db, request, null, () =>
      completeSamlSignIn(db, code, signInClientOf(request)),
    );
    return success('Logged in.', withSessionCookie(request, reply, data));
  });

  app.get<{ Params: SchemaValue<typeof companyParamsSchema> }>(
    '/api/auth/saml/:company_id/login',
    { schema: { tags: ['auth'], params: companyParamsSchema } },
    async (request, reply) => {
      const { company_id } = request.params;
      return reply.redirect(await samlAuthorizeUrl(db, Number(company_id), config.publicBaseUrl));
    },
  );

  // The IdP posts an HTML form; only this encapsulated plugin parses form bodies.
  await app.register(async (acs) => {
    acs.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, payload, done) => done(null, Object.fromEntries(new URLSearchParams(payload as string))),
    );
    acs.post<{ Params: SchemaValue<typeof companyParamsSchema> }>(
      '/api/auth/saml/:company_id/acs',
      { schema: { tags: ['auth'], params: companyParamsSchema } },
      async (request, reply) => {
        const { company_id } = request.params;
        const { SAMLResponse } = uncheckedBodyFields(request.body);
        const samlResponse = typeof SAMLResponse === 'string' ? SAMLResponse : '';
        try {
          const code = await samlAcs(db, Number(company_id), config.publicBaseUrl, samlResponse);
          return reply.redirect(`/auth/saml-sso-login?code=${encodeURIComponent(code)}`);
        } catch (error) {
          const message = error instanceof ApiError ? error.message : SAML_FAILED;
          if (!(error instanceof ApiError)) request.log.error({ err: error }, 'SAML ACS failed');
          return reply.redirect(`/auth/saml-sso-login?error=${encodeURIComponent(message)}`);
        }
      },
    );
  });
}
