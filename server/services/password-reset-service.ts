/**
 * Forgot and reset password (docs/api-accounts.md Auth): a random token e-mailed as a link,
 * stored hashed, valid 60 minutes and once; a reset revokes every session of the user.
 * Invitations (issue 16) are the same tokens and link, valid 72 hours, e-mailed when a user is
 * created without a password (docs/decisions/294-invitations-through-the-reset-link.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { refuseCommonPassword } from '../auth/common-password.ts';
import { hashPassword } from '../auth/hash-password.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type Account, findAccountByEmail } from '../repositories/accounts-repository.ts';
import {
  consumeResetToken,
  expireUserResetTokens,
  insertResetToken,
} from '../repositories/password-reset-repository.ts';
import { revokeUserSessions } from '../repositories/sessions-repository.ts';
import { updateUser } from '../repositories/users-repository.ts';
import { companySmtp } from './portal-settings/smtp-settings.ts';

/** How long a reset link works: 60 minutes, in ms. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** How long an invitation's set-password link works: 72 hours, in ms. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that e-mail, a reset link has been sent.';
export const RESET_DONE_MESSAGE = 'Your password has been reset.';
export const RESET_INVALID_MESSAGE = 'This password reset link is invalid or has expired.';

/** SHA-256 hex of a reset token. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The reset link of a token: `<baseUrl>/auth/reset-password?token=<token>`, with `&invite=1` for
 * an invitation (the page then says "Set your password").
 */
export function resetLink(baseUrl: string, token: string, invitation = false): string {
  const link = `${baseUrl.replace(/\/+$/, '')}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return invitation ? `${link}&invite=1` : link;
}

/**
 * Stores a new set-password token of user `userId`, valid until `now` + `ttlMs`; returns the
 * token (only its hash is stored).
 */
export async function issuePasswordToken(
  db: Executor,
  userId: number,
  ttlMs: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await insertResetToken(db, userId, hashResetToken(token), expiresAt);
  return { token, expiresAt };
}

/**
 * E-mails the invitation of a new user: the set-password link of `token`, valid 72 hours, through
 * the company's SMTP (or the server's, or the local sink). Rejects with the mailer's error.
 */
export async function sendInvitation(
  mailer: Mailer,
  account: Account,
  token: string,
  baseUrl: string,
): Promise<void> {
  const portal = account.company?.name ?? 'the agent portal';
  await mailer.send(
    {
      to: account.user.email,
      subject: `You are invited to ${portal}`,
      text: [
        `Hello ${account.user.name},`,
        '',
        `An account of ${portal} on the agent portal was created for you (${account.user.email}).`,
        'Open this link within 72 hours to choose your password and sign in:',
        '',
        resetLink(baseUrl, token, true),
        '',
        'When the link has expired, use "Forgot password" on the sign-in page to get a new one.',
      ].join('\n'),
    },
    companySmtp(account.company),
  );
}

/**
 * When `email` belongs to a user: stores a new token and hands the mail to `deliver` (which the
 * route runs without awaiting, so the answer takes the same time either way). Returns nothing
 * either way: the caller answers FORGOT_PASSWORD_MESSAGE. Never throws for an unknown e-mail.
 */
export async function requestPasswordReset(
  db: Executor,
  mailer: Mailer,
  email: string,
  baseUrl: string,
  now: Date = new Date(),
): Promise<(() => Promise<void>) | null> {
  const account = await findAccountByEmail(db, email);
  if (!account) return null;
  const { token } = await issuePasswordToken(db, account.user.id, RESET_TOKEN_TTL_MS, now);
  const link = resetLink(baseUrl, token);
  return () =>
    mailer.send(
      {
        to: account.user.email,
        subject: 'Reset your password',
        text: [
          `Hello ${account.user.name},`,
          '',
          'Someone asked to reset the password of your agent portal account.',
          'Open this link within 60 minutes to choose a new password:',
          '',
          link,
          '',
          'If you did not ask for this, ignore this e-mail; your password stays as it is.',
        ].join('\n'),
      },
      companySmtp(account.company),
    );
}

/**
 * Sets a new password with a token: one transaction that uses the token, sets the scrypt hash,
 * expires the user's other tokens and revokes all their sessions. Throws ApiError 422
 * RESET_INVALID_MESSAGE when the token is unknown, used or expired.
 */
export async function resetPassword(
  db: Executor,
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  await refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, hashResetToken(token), now);
    if (userId === null) throw new ApiError(422, RESET_INVALID_MESSAGE);
    await updateUser(tx, userId, { password_hash: passwordHash });
    await expireUserResetTokens(tx, userId, now);
    await revokeUserSessions(tx, userId, now);
  });
}
