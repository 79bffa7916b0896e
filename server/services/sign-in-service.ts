/**
 * Sign-in (issue 38 over docs/api.md Auth): the throttle, the password, the company's SAML-only
 * rule, and the second factor. A user with a second factor, or whom the company's policy makes
 * use one, gets `{mfa_required: true, mfa_token}` instead of a session; auth/mfa/verify,
 * auth/mfa/passkey-verify (or, to enrol, auth/mfa/totp-confirm) with that token completes the
 * sign-in (docs/decisions/714-totp-with-recovery-codes.md, 716-company-sign-in-policy.md, 754).
 */
import { MFA_TOKEN_MAX_FAILURES, MFA_TOKEN_TTL_MS } from '../auth/mfa-token.ts';
import { hashRecoveryCode, looksLikeRecoveryCode } from '../auth/recovery-codes.ts';
import { hashSessionKey, newSessionKey } from '../auth/session-key.ts';
import {
  recordFailure,
  refuseWhenThrottled,
  type SignInThrottle,
  throttleKeys,
} from '../auth/sign-in-throttle.ts';
import { totpTimeStep } from '../auth/totp.ts';
import { verifyPassword } from '../auth/verify-password.ts';
import type { Executor } from '../db/database.ts';
import type { MfaChallengeRow } from '../db/sign-in-security-schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  type Account,
  findAccountByEmail,
  findAccountByUserId,
} from '../repositories/accounts-repository.ts';
import {
  acceptTimeStep,
  countChallengeFailure,
  findOpenChallenge,
  findTotp,
  insertChallenge,
  type SecondFactors,
  secondFactorsOf,
  spendChallenge,
  spendRecoveryCode,
} from '../repositories/mfa-repository.ts';
import type { SignInClient } from '../repositories/sessions-repository.ts';
import { startSession } from './auth-service.ts';
import { companySaml } from './portal-settings/sign-in-settings.ts';
import { companySignInPolicy, mfaRequiredFor } from './sign-in-policy.ts';

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password.';
export const SAML_REQUIRED_MESSAGE = 'Your agency signs in with single sign-on: use "Sign in with SSO".';
export const SIGN_IN_EXPIRED_MESSAGE = 'This sign-in has expired. Sign in again.';
export const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.';

/** A scrypt hash of a random password: verified when the e-mail is unknown so timing does not reveal it. */
const DUMMY_HASH =
  'scrypt$00000000000000000000000000000000$' +
  '00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000';

/** A client whose address is known (the throttle counts by it). */
export type ThrottledClient = SignInClient & { address: string };

/** The second sign-in step: no session yet. `enrolment_required`: the user must set up a factor first. */
export interface MfaStep {
  mfa_required: true;
  mfa_token: string;
  enrolment_required: boolean;
  /** What auth/mfa/verify accepts for this user: 'totp', 'recovery_code', 'passkey'. */
  methods: string[];
}

/** True when `account`'s company requires SAML and has it set up: password sign-in is refused. */
function passwordSignInRefused(account: Account): boolean {
  return companySignInPolicy(account.company).saml_required && companySaml(account.company) !== null;
}

/** Opens a challenge for `account` and answers its token. */
async function mfaStep(
  db: Executor,
  account: Account,
  client: SignInClient,
  factors: SecondFactors,
  now: Date,
): Promise<MfaStep> {
  const token = newSessionKey();
  await insertChallenge(db, {
    token_hash: hashSessionKey(token),
    user_id: account.user.id,
    expires_at: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
    client_address: client.address,
    user_agent: client.userAgent,
  });
  const methods = [
    ...(factors.totp ? ['totp'] : []),
    ...(factors.recoveryCodes > 0 ? ['recovery_code'] : []),
    ...(factors.passkeys > 0 ? ['passkey'] : []),
  ];
  const enrolment_required = !factors.totp && factors.passkeys === 0;
  return { mfa_required: true, mfa_token: token, enrolment_required, methods };
}

/**
 * Signs in with e-mail and password. Throws ApiError 429 TOO_MANY_ATTEMPTS_MESSAGE while the
 * account or the address is throttled (before the password is checked), 401
 * INVALID_LOGIN_MESSAGE for a wrong password or unknown e-mail (a failure counted on both), 403
 * SAML_REQUIRED_MESSAGE when the company signs in only through SAML. Answers a session, or the
 * MfaStep when the user has a second factor or the company's policy requires one.
 */
export async function login(
  db: Executor,
  email: string,
  password: string,
  client: ThrottledClient,
  throttle: SignInThrottle,
  now: Date = new Date(),
) {
  const keys = throttleKeys('login', email, client.address);
  await refuseWhenThrottled(db, keys, throttle, now);
  const account = await findAccountByEmail(db, email);
  const ok = await verifyPassword(password, account?.user.password_hash ?? DUMMY_HASH);
  if (!account || !ok) {
    await recordFailure(db, keys, throttle, now);
    throw new ApiError(401, INVALID_LOGIN_MESSAGE);
  }
  if (passwordSignInRefused(account)) throw new ApiError(403, SAML_REQUIRED_MESSAGE);
  const factors = await secondFactorsOf(db, account.user.id);
  const required = mfaRequiredFor(companySignInPolicy(account.company), account.user.role);
  if (!factors.totp && factors.passkeys === 0 && !required) return startSession(db, account, client, now);
  return mfaStep(db, account, client, factors, now);
}

/**
 * The open challenge of `mfaToken` with its account. Throws ApiError 401 SIGN_IN_EXPIRED_MESSAGE
 * for an unknown, used or expired token, or one with too many wrong codes.
 */
export async function openChallenge(
  db: Executor,
  mfaToken: string,
  now: Date = new Date(),
): Promise<{ challenge: MfaChallengeRow; account: Account }> {
  const challenge = await findOpenChallenge(db, hashSessionKey(mfaToken), now, MFA_TOKEN_MAX_FAILURES);
  const account = challenge && (await findAccountByUserId(db, challenge.user_id));
  if (!challenge || !account) throw new ApiError(401, SIGN_IN_EXPIRED_MESSAGE);
  return { challenge, account };
}

/** Uses the challenge and starts the session; 401 SIGN_IN_EXPIRED_MESSAGE when it was used meanwhile. */
export async function completeSignIn(
  db: Executor,
  challenge: MfaChallengeRow,
  account: Account,
  client: SignInClient,
  now: Date = new Date(),
) {
  if (!(await spendChallenge(db, challenge.id, now))) throw new ApiError(401, SIGN_IN_EXPIRED_MESSAGE);
  return startSession(db, account, client, now);
}

/**
 * True when `code` is the user's current TOTP code (not accepted before) or one of their unused
 * recovery codes, which it then uses up. Recovery codes come with TOTP or a first passkey and go
 * with the last factor (ADR 755), so a user without a factor has none.
 */
async function secondFactorAccepted(db: Executor, userId: number, code: string, now: Date): Promise<boolean> {
  const totp = await findTotp(db, userId);
  if (totp?.confirmed_at) {
    const step = await totpTimeStep(totp.secret, code.trim(), totp.last_time_step, now);
    if (step !== null) return acceptTimeStep(db, userId, step);
  }
  return looksLikeRecoveryCode(code) && spendRecoveryCode(db, userId, hashRecoveryCode(code), now);
}

/**
 * The second step of a sign-in, whatever proves it: opens the challenge of `mfaToken`, refuses
 * while the account or address is throttled, then asks `refusalOf` (null: accepted; else the
 * message of the 401). Throws ApiError 401 SIGN_IN_EXPIRED_MESSAGE for a dead token, 429 while
 * throttled, and 401 with the refusal (counted on the token and on the throttle); answers the
 * session of completeSignIn. auth/mfa/verify and auth/mfa/passkey-verify both end here.
 */
export async function completeSecondStep(
  db: Executor,
  mfaToken: string,
  client: ThrottledClient,
  throttle: SignInThrottle,
  refusalOf: (challenge: MfaChallengeRow, account: Account) => Promise<string | null>,
  now: Date = new Date(),
) {
  const { challenge, account } = await openChallenge(db, mfaToken, now);
  const keys = throttleKeys('login', account.user.email, client.address);
  await refuseWhenThrottled(db, keys, throttle, now);
  const refusal = await refusalOf(challenge, account);
  if (refusal !== null) {
    await countChallengeFailure(db, challenge.id);
    await recordFailure(db, keys, throttle, now);
    throw new ApiError(401, refusal);
  }
  return completeSignIn(db, challenge, account, client, now);
}

/**
 * Completes a sign-in with a TOTP code or an unused recovery code (completeSecondStep; a wrong
 * code is 401 WRONG_CODE_MESSAGE).
 */
export async function verifySecondFactor(
  db: Executor,
  mfaToken: string,
  code: string,
  client: ThrottledClient,
  throttle: SignInThrottle,
  now: Date = new Date(),
) {
  return completeSecondStep(
    db,
    mfaToken,
    client,
    throttle,
    async (_challenge, account) =>
      (await secondFactorAccepted(db, account.user.id, code, now)) ? null : WRONG_CODE_MESSAGE,
    now,
  );
}
