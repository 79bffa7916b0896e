/**
 * The passkey calls of issue 38 (docs/decisions/754-passkeys-as-a-second-factor.md): a signed-in
 * user's auth/mfa/passkey-register-options, passkey-register, passkeys-list and passkey-remove;
 * and the open auth/mfa/passkey-options and passkey-verify of a sign-in's second step, which
 * answers the session as auth/mfa/verify does (its cookie, ADR 748; its audit event).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import { type RelyingPartyConfig, relyingPartyOf } from '../auth/webauthn-relying-party.ts';
import type { Executor } from '../db/database.ts';
import { success } from '../http/envelope.ts';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  verifyPasskeySignIn,
} from '../services/passkey-service.ts';
import {
  passkeyOptionsBodySchema,
  passkeyRegisterBodySchema,
  passkeyRemoveBodySchema,
  passkeyVerifyBodySchema,
} from './passkey-request-schemas.ts';
import { sessionOnlyBodySchema } from './request-schemas.ts';
import { openRoute, sessionRoute } from './session-route.ts';
import { secondStepAnswer } from './sign-in-security-routes.ts';

/** The signed-in account of a session route. */
function accountOf(request: FastifyRequest) {
  if (!request.account) throw new Error('route without the authenticate hook');
  return request.account;
}

/** Registers the calls; `relyingParty` is the configuration (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN). */
export async function passkeyRoutes(
  app: FastifyInstance,
  options: { db: Executor; throttle: SignInThrottle; relyingParty: RelyingPartyConfig },
) {
  const { db, throttle, relyingParty } = options;
  const open = openRoute(app, 'auth');
  const secured = sessionRoute(app, db, 'auth');
  const rpOf = (request: FastifyRequest) => relyingPartyOf(relyingParty, request);

  secured('auth/mfa/passkey-register-options', sessionOnlyBodySchema, async (request) =>
    success(
      'Follow your browser to make the passkey.',
      await passkeyRegistrationOptions(db, accountOf(request), rpOf(request)),
    ),
  );

  secured('auth/mfa/passkey-register', passkeyRegisterBodySchema, async (request) => {
    const { response, name } = request.body;
    const added = await registerPasskey(db, accountOf(request), rpOf(request), response, name);
    const codes = 'recovery_codes' in added ? ' Keep your recovery codes somewhere safe.' : '';
    return success(`Passkey added. Two-step sign-in is on.${codes}`, added);
  });

  secured('auth/mfa/passkeys-list', sessionOnlyBodySchema, async (request) =>
    success('Passkeys.', await listPasskeys(db, accountOf(request))),
  );

  secured('auth/mfa/passkey-remove', passkeyRemoveBodySchema, async (request) => {
    const { id } = request.body;
    return success('Passkey removed.', await removePasskey(db, accountOf(request), Number(id)));
  });

  open('auth/mfa/passkey-options', passkeyOptionsBodySchema, async (request) => {
    const { mfa_token } = request.body;
    return success('Use your passkey.', await passkeySignInOptions(db, mfa_token, rpOf(request)));
  });

  open('auth/mfa/passkey-verify', passkeyVerifyBodySchema, async (request, reply) => {
    const { mfa_token, response } = request.body;
    return secondStepAnswer(db, request, reply, (client) =>
      verifyPasskeySignIn(db, mfa_token, response, client, throttle, rpOf(request)),
    );
  });
}
