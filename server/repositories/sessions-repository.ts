/** Session rows: stored by the SHA-256 of the key, never the key itself. */
import { and, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type SessionRow, sessions } from '../db/schema.ts';

/** Where a sign-in came from: the client address and the browser's User-Agent (null: unknown). */
export interface SignInClient {
  address: string | null;
  userAgent: string | null;
}

/** Stores a new session, with the client it was signed in from when known. */
export async function insertSession(
  db: Executor,
  keyHash: string,
  userId: number,
  expiresAt: Date,
  client: SignInClient = { address: null, userAgent: null },
): Promise<void> {
  await db.insert(sessions).values({
    key_hash: keyHash,
    user_id: userId,
    expires_at: expiresAt,
    client_address: client.address,
    user_agent: client.userAgent,
  });
}

/**
 * Revokes the sessions `start` selects and every session switched from them, at any depth: a
 * session made by switch-user must not outlive the one it came from (issue 5 access matrix,
 * docs/decisions/106-access-matrix-over-every-endpoint.md).
 */
async function revokeWithSwitched(db: Executor, start: SQL, now: Date): Promise<void> {
  await db.execute(sql`
    WITH RECURSIVE chain (id) AS (
      SELECT ${sessions.id} FROM ${sessions} WHERE ${start}
      UNION
      SELECT switched.id FROM ${sessions} AS switched
        JOIN chain ON switched.switched_from_session_id = chain.id
    )
    UPDATE ${sessions} SET revoked_at = ${now.toISOString()}::timestamptz
    WHERE ${sessions.id} IN (SELECT id FROM chain) AND ${sessions.revoked_at} IS NULL`);
}

/**
 * Marks a session revoked, with the sessions switched from it; later look-ups fail. No-op when
 * already revoked or unknown.
 */
export async function revokeSession(db: Executor, keyHash: string, now: Date): Promise<void> {
  await revokeWithSwitched(db, eq(sessions.key_hash, keyHash), now);
}

/** The active (unexpired, unrevoked) session of a key hash, or null. */
export async function findActiveSession(
  db: Executor,
  keyHash: string,
  now: Date,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.key_hash, keyHash), gt(sessions.expires_at, now), isNull(sessions.revoked_at)));
  return row ?? null;
}

/** Stores a session made by switch-user, remembering the session it came from; returns its id. */
export async function insertSwitchedSession(
  db: Executor,
  keyHash: string,
  userId: number,
  expiresAt: Date,
  switchedFromSessionId: number,
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      key_hash: keyHash,
      user_id: userId,
      expires_at: expiresAt,
      switched_from_session_id: switchedFromSessionId,
    })
    .returning({ id: sessions.id });
  return row.id;
}

/**
 * Revokes every active session of a user, except the one of `exceptKeyHash` when given, with the
 * sessions switched from them.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  now: Date,
  exceptKeyHash?: string,
): Promise<void> {
  await revokeWithSwitched(
    db,
    and(
      eq(sessions.user_id, userId),
      isNull(sessions.revoked_at),
      exceptKeyHash === undefined ? undefined : ne(sessions.key_hash, exceptKeyHash),
    ) as SQL,
    now,
  );
}

/** A user's session as the owner's list shows it. */
export interface ListedSession {
  id: number;
  key_hash: string;
  created_at: Date;
  last_seen_at: Date;
  client_address: string | null;
  user_agent: string | null;
}

/**
 * The user's sessions that are neither revoked nor past `expires_at` at `now`, newest first
 * (the idle timeout is the look-up's: an idle session is listed until it is next used).
 */
export async function listActiveSessions(db: Executor, userId: number, now: Date): Promise<ListedSession[]> {
  return db
    .select({
      id: sessions.id,
      key_hash: sessions.key_hash,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      client_address: sessions.client_address,
      user_agent: sessions.user_agent,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, now), isNull(sessions.revoked_at)))
    .orderBy(desc(sessions.created_at), desc(sessions.id));
}

/**
 * Revokes session `id` of user `userId` (with the sessions switched from it); answers its key hash,
 * or null when the user has no active session with that id.
 */
export async function revokeUserSession(
  db: Executor,
  userId: number,
  id: number,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ id: sessions.id, key_hash: sessions.key_hash })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
  if (!row) return null;
  await revokeWithSwitched(db, eq(sessions.id, id), now);
  return row.key_hash;
}

/** Sets the session's last use to `now` (the idle timeout counts from it). */
export async function touchSession(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id));
}
