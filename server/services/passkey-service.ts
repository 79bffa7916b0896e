/**
 * Passkeys as a second factor (issue 38, docs/decisions/754-passkeys-as-a-second-factor.md)
 * through @simplewebauthn/server: registration by a signed-in user (options, then the browser's
 * answer, stored with its public key, counter and transports), the list and removal, and the
 * passkey sign-in step after a right password (options for the user's passkeys, then the
 * assertion, which completes the sign-in as auth/mfa/verify does). Challenges live five minutes
 * on the server and answer once; attestation is not asked for ('none').
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { SignInThrottle } from '../auth/sign-in-throttle.ts';
import { type RelyingParty, RP_NAME } from '../auth/webauthn-relying-party.ts';
import type { Executor } from '../db/database.ts';
import type { MfaChallengeRow } from '../db/sign-in-security-schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Account } from '../repositories/accounts-repository.ts';
import { deleteRecoveryCodes, secondFactorsOf } from '../repositories/mfa-repository.ts';
import {
  advanceCounter,
  deletePasskey,
  findPasskey,
  insertPasskey,
  insertWebauthnChallenge,
  type PasskeyRow,
  passkeysOf,
  spendWebauthnChallenge,
} from '../repositories/passkeys-repository.ts';
import { issueRecoveryCodes } from './mfa-service.ts';
import { completeSecondStep, openChallenge, type ThrottledClient } from './sign-in-service.ts';

/**
 * @simplewebauthn/server, loaded on the first passkey call rather than at every server start (it
 * brings the X.509 and ASN.1 packages; ADR 787). Node keeps the module once loaded.
 */
const webauthn = () => import('@simplewebauthn/server');

/**
 * The signature algorithms a passkey may use: EdDSA, ES256 and RS256, the library's defaults
 * without the post-quantum ML-DSA ones, whose support check is experimental in Node 24 (and warns
 * on the console) and which no authenticator offers yet. Loaded on first use, as the library is.
 */
async function passkeyAlgorithms(): Promise<number[]> {
  const { COSEALG } = await import('@simplewebauthn/server/helpers');
  return [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
}

/** How long a passkey challenge (and the browser's prompt) lasts: 5 minutes, in ms. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

export const PASSKEY_EXPIRED_MESSAGE = 'This passkey request has expired or was already used. Try again.';
export const PASSKEY_NOT_RECOGNISED_MESSAGE =
  'That passkey was not recognised. Use a passkey added to this account.';
export const PASSKEY_ALREADY_ADDED_MESSAGE = 'That passkey is already added to an account.';
export const NO_PASSKEY_MESSAGE =
  'This account has no passkey. Use your authenticator app or a recovery code.';
export const PASSKEY_NOT_FOUND_MESSAGE = 'That passkey is not on your account.';

/**
 * The transports WebAuthn names (how a browser reaches an authenticator); a passkey keeps those of
 * them its browser reported, to hint the browser at sign-in.
 */
export const AUTHENTICATOR_TRANSPORTS = ['ble', 'hybrid', 'internal', 'nfc', 'usb'] as const;

const isKnownTransport = (value: string) => (AUTHENTICATOR_TRANSPORTS as readonly string[]).includes(value);

/** A passkey as its owner's list shows it. */
export interface ListedPasskey {
  id: number;
  name: string;
  created_at: string;
  transports: string[];
}

function listed(row: PasskeyRow): ListedPasskey {
  return { id: row.id, name: row.name, created_at: row.created_at.toISOString(), transports: row.transports };
}

/** The challenge a browser's answer signed (clientDataJSON's, base64url), or null when unreadable. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const clientData: unknown = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge !== '' ? challenge : null;
  } catch {
    return null;
  }
}

const descriptorOf = (row: PasskeyRow) => ({ id: row.credential_id, transports: row.transports });

const expiryFrom = (now: Date) => new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS);

/** The user's passkeys, oldest first: `{passkeys}`. */
export async function listPasskeys(db: Executor, account: Account) {
  return { passkeys: (await passkeysOf(db, account.user.id)).map(listed) };
}

/**
 * The options of navigator.credentials.create for a new passkey of the user under `rp` (the
 * user's own passkeys excluded); stores the challenge, replacing one of an earlier start.
 */
export async function passkeyRegistrationOptions(
  db: Executor,
  account: Account,
  rp: RelyingParty,
  now: Date = new Date(),
) {
  const { user } = account;
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    // The user handle: the account's id, so a device keeps one passkey per account, not the e-mail.
    userID: new TextEncoder().encode(String(user.id)),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(db, user.id)).map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: await passkeyAlgorithms(),
  });
  await insertWebauthnChallenge(
    db,
    options.challenge,
    user.id,
    { ceremony: 'registration' },
    expiryFrom(now),
    now,
  );
  return options;
}

/**
 * Stores the passkey the browser made from the user's registration options, named `name`, and
 * answers `{passkey}`, with `recovery_codes` (new, shown this once) when the user had neither the
 * authenticator app nor unused recovery codes (ADR 755); from now on the user's sign-ins ask for a
 * second factor. Throws ApiError 422 PASSKEY_EXPIRED_MESSAGE when its challenge is not an
 * unexpired, unspent one of the user's registration (the challenge is spent either way), 422
 * PASSKEY_NOT_RECOGNISED_MESSAGE when the answer does not verify (origin, relying party,
 * signature, format), 409 PASSKEY_ALREADY_ADDED_MESSAGE for a credential stored already. 422, not
 * 401: the caller's session is fine and the portal signs out on a 401.
 */
export async function registerPasskey(
  db: Executor,
  account: Account,
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  name: string,
  now: Date = new Date(),
) {
  const userId = account.user.id;
  const challenge = challengeOf(response);
  if (!challenge || !(await spendWebauthnChallenge(db, challenge, userId, { ceremony: 'registration' }, now)))
    throw new ApiError(422, PASSKEY_EXPIRED_MESSAGE);
  const { verifyRegistrationResponse } = await webauthn();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    // The password is the first factor: presence is enough, as for a security key without a PIN.
    requireUserVerification: false,
    supportedAlgorithmIDs: await passkeyAlgorithms(),
  }).catch(() => null);
  if (!verification?.verified) throw new ApiError(422, PASSKEY_NOT_RECOGNISED_MESSAGE);
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const before = await secondFactorsOf(tx, userId);
    const row = await insertPasskey(tx, {
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).filter(isKnownTransport),
      name: name.trim(),
    });
    if (!row) throw new ApiError(409, PASSKEY_ALREADY_ADDED_MESSAGE);
    // Without the app, a lost passkey must not lock the user out: codes come with it (ADR 755).
    if (before.totp || before.recoveryCodes > 0) return { passkey: listed(row) };
    return { passkey: listed(row), recovery_codes: await issueRecoveryCodes(tx, userId) };
  });
}

/**
 * Removes the user's passkey `id`: `{removed_id}`; with it went the last second factor, the
 * recovery codes go too (ADR 755). Throws ApiError 404 PASSKEY_NOT_FOUND_MESSAGE.
 */
export async function removePasskey(db: Executor, account: Account, id: number) {
  const userId = account.user.id;
  await db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, userId, id))) throw new ApiError(404, PASSKEY_NOT_FOUND_MESSAGE);
    const left = await secondFactorsOf(tx, userId);
    if (!left.totp && left.passkeys === 0) await deleteRecoveryCodes(tx, userId);
  });
  return { removed_id: id };
}

/**
 * The options of navigator.credentials.get for the sign-in of `mfaToken`: the user's passkeys
 * under `rp`; stores the challenge (until it or the sign-in expires, whichever is first), replacing
 * one of an earlier attempt of this sign-in. Throws ApiError 401 SIGN_IN_EXPIRED_MESSAGE for a
 * dead token, 422 NO_PASSKEY_MESSAGE for a user without passkeys.
 */
export async function passkeySignInOptions(
  db: Executor,
  mfaToken: string,
  rp: RelyingParty,
  now: Date = new Date(),
) {
  const { challenge, account } = await openChallenge(db, mfaToken, now);
  const passkeys = await passkeysOf(db, account.user.id);
  if (passkeys.length === 0) throw new ApiError(422, NO_PASSKEY_MESSAGE);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeys.map(descriptorOf),
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const expiresAt = new Date(Math.min(expiryFrom(now).getTime(), challenge.expires_at.getTime()));
  const scope = { ceremony: 'sign-in', mfaChallengeId: challenge.id } as const;
  await insertWebauthnChallenge(db, options.challenge, account.user.id, scope, expiresAt, now);
  return options;
}

/**
 * Why the assertion `response` does not prove the sign-in `challenge` (null: it does, and the
 * passkey's counter has moved to the assertion's). The WebAuthn challenge is spent first, so an
 * assertion answers once whatever follows.
 */
async function passkeyRefusal(
  db: Executor,
  challenge: MfaChallengeRow,
  account: Account,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  now: Date,
): Promise<string | null> {
  const userId = account.user.id;
  const expected = challengeOf(response);
  const scope = { ceremony: 'sign-in', mfaChallengeId: challenge.id } as const;
  if (!expected || !(await spendWebauthnChallenge(db, expected, userId, scope, now)))
    return PASSKEY_EXPIRED_MESSAGE;
  const passkey = await findPasskey(db, userId, response.id);
  if (!passkey) return PASSKEY_NOT_RECOGNISED_MESSAGE;
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: expected,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  // A counter that did not move past the stored one (a cloned authenticator) throws above.
  if (!verification?.verified) return PASSKEY_NOT_RECOGNISED_MESSAGE;
  const moved = await advanceCounter(
    db,
    passkey.id,
    passkey.counter,
    verification.authenticationInfo.newCounter,
  );
  return moved ? null : PASSKEY_NOT_RECOGNISED_MESSAGE;
}

/**
 * Completes the sign-in of `mfaToken` with a passkey's assertion (completeSecondStep: 401
 * SIGN_IN_EXPIRED_MESSAGE, 429, or 401 PASSKEY_EXPIRED_MESSAGE / PASSKEY_NOT_RECOGNISED_MESSAGE
 * counted like a wrong code); answers the session.
 */
export async function verifyPasskeySignIn(
  db: Executor,
  mfaToken: string,
  response: AuthenticationResponseJSON,
  client: ThrottledClient,
  throttle: SignInThrottle,
  rp: RelyingParty,
  now: Date = new Date(),
) {
  return completeSecondStep(
    db,
    mfaToken,
    client,
    throttle,
    (challenge, account) => passkeyRefusal(db, challenge, account, response, rp, now),
    now,
  );
}
