/**
 * Switch user and switch back (SPEC §3 previous_user_data, §4): an admin acts as another user of
 * their company, a super-admin as anyone. The new session remembers the session it came from,
 * so switch-back only returns to that one (docs/decisions/084-switch-user-sessions.md).
 */
import { hashSessionKey, newSessionKey, SESSION_TTL_MS } from '../auth/session-key.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { type Account, findAccountByUserId } from '../repositories/accounts-repository.ts';
import {
  findActiveSession,
  insertSwitchedSession,
  revokeSession,
} from '../repositories/sessions-repository.ts';
import { canManageUser, requireRole, USER_NOT_FOUND } from './account-access.ts';
import type { Actor } from './actor.ts';
import { accountView } from './auth-service.ts';

export const ALREADY_THIS_USER = 'You are already signed in as this user.';
export const NO_PREVIOUS_USER = 'There is no previous user to switch back to.';

/**
 * A new session for `targetUserId` plus `previous_user: {session_key, user}` of the caller;
 * `currentKey` is the body's session_key, which the body schema leaves optional (issue 41).
 * Throws 403 for agents and customers, 404 'User not found.' for a user the caller may not
 * manage, 422 ALREADY_THIS_USER for the caller themselves.
 */
export async function switchUser(
  db: Executor,
  actor: Actor,
  account: Account,
  currentKey: string | undefined,
  targetUserId: number,
  now: Date = new Date(),
) {
  requireRole(actor, ['super-admin', 'admin']);
  if (targetUserId === actor.userId) throw new ApiError(422, ALREADY_THIS_USER);
  const target = await findAccountByUserId(db, targetUserId);
  if (!target || !canManageUser(actor, target.user)) throw new ApiError(404, USER_NOT_FOUND);
  const current = await findActiveSession(db, actor.sessionKeyHash, now);
  if (!current) throw new ApiError(401, 'Unauthenticated.');
  const key = newSessionKey();
  // The switched session never outlives the one it came from.
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, current.expires_at.getTime()));
  await insertSwitchedSession(db, hashSessionKey(key), target.user.id, expiresAt, current.id);
  return {
    session_key: key,
    ...accountView(target, now),
    previous_user: { session_key: currentKey, user: accountView(account, now).user },
  };
}

/**
 * Returns to the session the current one was switched from and revokes the current one. Throws
 * 422 NO_PREVIOUS_USER when the current session was not switched from `previousKey` or that
 * session is no longer active.
 */
export async function switchBack(db: Executor, actor: Actor, previousKey: string, now: Date = new Date()) {
  const current = await findActiveSession(db, actor.sessionKeyHash, now);
  const previous = await findActiveSession(db, hashSessionKey(previousKey), now);
  if (!current || !previous || current.switched_from_session_id !== previous.id) {
    throw new ApiError(422, NO_PREVIOUS_USER);
  }
  const account = await findAccountByUserId(db, previous.user_id);
  if (!account) throw new ApiError(422, NO_PREVIOUS_USER);
  await revokeSession(db, actor.sessionKeyHash, now);
  return { session_key: previousKey, ...accountView(account, now) };
}
