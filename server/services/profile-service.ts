/**
 * A user's own profile (docs/api-accounts.md Profile): contact details, user settings and
 * change password. Every role may call these for themselves only.
 */
import { refuseCommonPassword } from '../auth/common-password.ts';
import { hashPassword } from '../auth/hash-password.ts';
import { verifyPassword } from '../auth/verify-password.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { findAccountByUserId } from '../repositories/accounts-repository.ts';
import { isUniqueViolation } from '../repositories/is-unique-violation.ts';
import { revokeUserSessions } from '../repositories/sessions-repository.ts';
import { updateUser, userIdByEmail } from '../repositories/users-repository.ts';
import type { Actor } from './actor.ts';
import { accountView } from './auth-service.ts';
import { checkTimezone } from './check-timezone.ts';
import { type UserSettings, userSettingsOf } from './user-settings.ts';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';

/** E-mails are stored trimmed and lower-case (login compares that way). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Updates the caller's name, e-mail and phone; answers the account view. Throws 409 EMAIL_TAKEN
 * when another user has the e-mail.
 */
export async function updateProfile(
  db: Executor,
  actor: Actor,
  input: { name?: string; email?: string; phone?: string | null },
) {
  try {
    return await updateProfileInTransaction(db, actor, input);
  } catch (error) {
    // Another request took the e-mail between our check and our write.
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

async function updateProfileInTransaction(
  db: Executor,
  actor: Actor,
  input: { name?: string; email?: string; phone?: string | null },
) {
  return db.transaction(async (tx) => {
    const patch: { name?: string; email?: string; phone?: string | null } = {};
    if (input.name !== undefined) patch.name = input.name.trim();
    if (input.phone !== undefined) patch.phone = input.phone;
    if (input.email !== undefined) {
      patch.email = normalizeEmail(input.email);
      const owner = await userIdByEmail(tx, patch.email);
      if (owner !== null && owner !== actor.userId)
        throw new ApiError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    }
    if (Object.keys(patch).length > 0) await updateUser(tx, actor.userId, patch);
    const account = await findAccountByUserId(tx, actor.userId);
    if (!account) throw new ApiError(401, 'Unauthenticated.');
    return accountView(account);
  });
}

/** Merges `settings` into the caller's user settings; answers `{user_settings}`. 422 'Unknown timezone.'. */
export async function updateUserSettings(db: Executor, actor: Actor, settings: Partial<UserSettings>) {
  checkTimezone(settings.timezone, 'user_settings.timezone');
  return db.transaction(async (tx) => {
    const account = await findAccountByUserId(tx, actor.userId);
    if (!account) throw new ApiError(401, 'Unauthenticated.');
    const merged = { ...userSettingsOf(account.user.settings), ...settings };
    await updateUser(tx, actor.userId, { settings: merged });
    return { user_settings: merged };
  });
}

/**
 * Changes the caller's password after checking the current one; revokes their other sessions.
 * Throws 422 WRONG_CURRENT_PASSWORD.
 */
export async function changePassword(
  db: Executor,
  actor: Actor,
  currentPassword: string,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  const account = await findAccountByUserId(db, actor.userId);
  if (!account) throw new ApiError(401, 'Unauthenticated.');
  if (!(await verifyPassword(currentPassword, account.user.password_hash))) {
    throw new ApiError(422, WRONG_CURRENT_PASSWORD, { current_password: WRONG_CURRENT_PASSWORD });
  }
  await refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateUser(tx, actor.userId, { password_hash: passwordHash });
    await revokeUserSessions(tx, actor.userId, now, actor.sessionKeyHash);
  });
}
