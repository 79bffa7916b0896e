/**
 * Turning on the second factor (issue 38): auth/mfa/totp-enroll makes a pending secret,
 * auth/mfa/totp-confirm turns it on with a first code and answers the recovery codes once (as a
 * first passkey does, ADR 755); auth/mfa/status says what the user has
 * (docs/decisions/714-totp-with-recovery-codes.md).
 */
import { hashRecoveryCode, newRecoveryCodes } from '../auth/recovery-codes.ts';
import { newTotpSecret, totpTimeStep, totpUri } from '../auth/totp.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { Account } from '../repositories/accounts-repository.ts';
import {
  confirmTotp,
  findTotp,
  replaceRecoveryCodes,
  savePendingTotp,
  secondFactorsOf,
} from '../repositories/mfa-repository.ts';
import { companySignInPolicy, mfaRequiredFor } from './sign-in-policy.ts';

export const TOTP_ALREADY_ON_MESSAGE = 'Two-step sign-in with an authenticator app is already on.';
export const NO_PENDING_TOTP_MESSAGE = 'Start again: set up the authenticator app first.';
export const WRONG_CONFIRM_CODE_MESSAGE = 'That code is not right. Enter the 6 digits your app shows now.';

/**
 * A new pending TOTP secret for the user (replacing a pending one): `{secret, otpauth_uri}`, the
 * secret in base32. Throws ApiError 409 TOTP_ALREADY_ON_MESSAGE when TOTP is on.
 */
export async function enrolTotp(db: Executor, account: Account) {
  if ((await findTotp(db, account.user.id))?.confirmed_at) throw new ApiError(409, TOTP_ALREADY_ON_MESSAGE);
  const secret = newTotpSecret();
  await savePendingTotp(db, account.user.id, secret);
  return { secret, otpauth_uri: totpUri(secret, account.user.email) };
}

/**
 * Turns the pending TOTP on with a current `code` and answers `{recovery_codes}` (new ones,
 * replacing any; shown this once). Throws ApiError 409 TOTP_ALREADY_ON_MESSAGE, 422
 * NO_PENDING_TOTP_MESSAGE without a pending secret, 422 WRONG_CONFIRM_CODE_MESSAGE for a wrong code.
 */
export async function confirmTotpEnrolment(
  db: Executor,
  userId: number,
  code: string,
  now: Date = new Date(),
) {
  const totp = await findTotp(db, userId);
  if (totp?.confirmed_at) throw new ApiError(409, TOTP_ALREADY_ON_MESSAGE);
  if (!totp) throw new ApiError(422, NO_PENDING_TOTP_MESSAGE);
  const step = await totpTimeStep(totp.secret, code.trim(), null, now);
  if (step === null)
    throw new ApiError(422, WRONG_CONFIRM_CODE_MESSAGE, { code: WRONG_CONFIRM_CODE_MESSAGE });
  const recovery_codes = await db.transaction(async (tx) => {
    await confirmTotp(tx, userId, step, now);
    return issueRecoveryCodes(tx, userId);
  });
  return { recovery_codes };
}

/**
 * New recovery codes for the user, replacing any they had: stored as SHA-256 only, answered in
 * clear this once (RECOVERY_CODE_COUNT of them). Run in the transaction that turns a factor on
 * (ADR 714 for TOTP, ADR 755 for a first passkey).
 */
export async function issueRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** What the user has of the second factor, and whether their company requires one. */
export async function mfaStatus(db: Executor, account: Account) {
  const factors = await secondFactorsOf(db, account.user.id);
  return {
    totp_enabled: factors.totp,
    recovery_codes_left: factors.recoveryCodes,
    passkeys: factors.passkeys,
    required_by_company: mfaRequiredFor(companySignInPolicy(account.company), account.user.role),
  };
}
