/**
 * A user's own sessions (issue 38): the list the profile page shows and ending one of them, or
 * all but the current one; an admin ends a user's sessions through users-service.ts
 * (docs/decisions/717-sessions-users-can-see-and-end.md).
 */
import Bowser from 'bowser';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import {
  listActiveSessions,
  revokeUserSession,
  revokeUserSessions,
} from '../repositories/sessions-repository.ts';
import type { Actor } from './actor.ts';

export const SESSION_NOT_FOUND = 'Session not found.';

/** "Chrome 120 on Linux" from a User-Agent (bowser); null without one. */
export function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  if (!name) return null;
  return os.name ? `${name} on ${os.name}` : name;
}

/**
 * The actor's unexpired, unrevoked sessions, newest first: `{id, created_at, last_seen_at,
 * client_address, browser, current}` (times ISO 8601; `current`: the session of this call).
 */
export async function listOwnSessions(db: Executor, actor: Actor, now: Date = new Date()) {
  const rows = await listActiveSessions(db, actor.userId, now);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      client_address: row.client_address,
      browser: browserOf(row.user_agent),
      current: row.key_hash === actor.sessionKeyHash,
    })),
  };
}

/**
 * Ends session `id` of the actor (the current one too): `{revoked_id, current}`, current when it
 * was the session of this call. Throws ApiError 404 SESSION_NOT_FOUND.
 */
export async function revokeOwnSession(db: Executor, actor: Actor, id: number, now: Date = new Date()) {
  const keyHash = await revokeUserSession(db, actor.userId, id, now);
  if (keyHash === null) throw new ApiError(404, SESSION_NOT_FOUND);
  return { revoked_id: id, current: keyHash === actor.sessionKeyHash };
}

/** Ends every session of the actor but the current one ("sign out everywhere else"). */
export async function revokeOtherOwnSessions(db: Executor, actor: Actor, now: Date = new Date()) {
  await revokeUserSessions(db, actor.userId, now, actor.sessionKeyHash);
  return null;
}
