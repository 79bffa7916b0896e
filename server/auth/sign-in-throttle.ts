/**
 * The sign-in throttle of issue 38: failures of sign-in (a wrong password or a wrong second-factor
 * code) are counted per account, keyed by the normalised e-mail, and per client address; from
 * the failure after `accountMax` in a window every sign-in for that account answers 429, a right
 * password too, and from the one after `addressMax` every sign-in from that address does.
 * Password-reset requests are counted the same way, each request a "failure", so one inbox gets
 * at most `accountMax` reset mails per window. Counters live in the database: every process
 * counts the same (docs/decisions/712-sign-in-throttle-in-the-database.md).
 */
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import {
  countFailure,
  deleteEndedWindows,
  openFailures,
} from '../repositories/sign-in-failures-repository.ts';

export interface SignInThrottle {
  /** Failures allowed per account (normalised e-mail) in a window; the next attempt is 429. */
  accountMax: number;
  /** Failures allowed per client address, across accounts, in a window. */
  addressMax: number;
  /** Window length in ms, from the first failure. */
  windowMs: number;
}

/** 10 failures per account and 50 per client address in 15 minutes. */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottle = {
  accountMax: 10,
  addressMax: 50,
  windowMs: 15 * 60_000,
};

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many login attempts. Try again later.';

/** What the throttle counts: sign-in failures, or password-reset requests. */
export type ThrottledAction = 'login' | 'forgot';

/** An e-mail as accounts store it: trimmed and lower-cased. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The counter keys of an attempt: `<action>-account:<e-mail>` and `<action>-address:<address>`. */
export function throttleKeys(action: ThrottledAction, email: string, address: string) {
  return { account: `${action}-account:${normalisedEmail(email)}`, address: `${action}-address:${address}` };
}

/**
 * Throws ApiError 429 TOO_MANY_ATTEMPTS_MESSAGE when the account's or the address's failures in
 * their open window have reached the limit.
 */
export async function refuseWhenThrottled(
  db: Executor,
  keys: { account: string; address: string },
  limits: SignInThrottle,
  now: Date = new Date(),
): Promise<void> {
  const failures = await openFailures(db, [keys.account, keys.address], now);
  if (
    (failures.get(keys.account) ?? 0) >= limits.accountMax ||
    (failures.get(keys.address) ?? 0) >= limits.addressMax
  )
    throw new ApiError(429, TOO_MANY_ATTEMPTS_MESSAGE);
}

/** Counts one failure on the account and the address, and drops counters whose window ended. */
export async function recordFailure(
  db: Executor,
  keys: { account: string; address: string },
  limits: SignInThrottle,
  now: Date = new Date(),
): Promise<void> {
  await countFailure(db, [keys.account, keys.address], limits.windowMs, now);
  await deleteEndedWindows(db, now);
}
