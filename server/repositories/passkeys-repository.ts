/**
 * Passkeys (issue 38, ADR 754): a user's WebAuthn credentials (migration 0049) and the challenges
 * of the ceremonies under way (migration 0063), spent by deleting so each answers once.
 */
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { webauthnChallenges, webauthnCredentials } from '../db/sign-in-security-schema.ts';

/** A stored passkey. */
export type PasskeyRow = typeof webauthnCredentials.$inferSelect;

/** Which ceremony a challenge is for; a sign-in's names its mfa_challenges row. */
export type ChallengeScope = { ceremony: 'registration' } | { ceremony: 'sign-in'; mfaChallengeId: number };

/** The user's passkeys, oldest first. */
export async function passkeysOf(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.user_id, userId))
    .orderBy(asc(webauthnCredentials.id));
}

/** The user's passkey of credential id `credentialId` (base64url), or null. */
export async function findPasskey(
  db: Executor,
  userId: number,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.user_id, userId), eq(webauthnCredentials.credential_id, credentialId)));
  return row ?? null;
}

/**
 * Stores a passkey; null when its credential id is stored already (for this user or another: a
 * credential belongs to one account).
 */
export async function insertPasskey(
  db: Executor,
  values: Pick<PasskeyRow, 'user_id' | 'credential_id' | 'public_key' | 'counter' | 'transports' | 'name'>,
): Promise<PasskeyRow | null> {
  const [row] = await db.insert(webauthnCredentials).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Moves the passkey's signature counter from `from` to `to`; false when another sign-in moved it
 * first (the stored counter is no longer `from`), so one assertion cannot be counted twice.
 */
export async function advanceCounter(db: Executor, id: number, from: number, to: number): Promise<boolean> {
  const rows = await db
    .update(webauthnCredentials)
    .set({ counter: to })
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.counter, from)))
    .returning({ id: webauthnCredentials.id });
  return rows.length === 1;
}

/** Deletes the user's passkey `id`; false when the user has no such passkey. */
export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.user_id, userId)))
    .returning({ id: webauthnCredentials.id });
  return rows.length === 1;
}

/** The rows of `scope` of `userId`: a sign-in's by its mfa_challenges row, registrations by user. */
function inScope(userId: number, scope: ChallengeScope) {
  return and(
    eq(webauthnChallenges.user_id, userId),
    eq(webauthnChallenges.ceremony, scope.ceremony),
    scope.ceremony === 'sign-in'
      ? eq(webauthnChallenges.mfa_challenge_id, scope.mfaChallengeId)
      : isNull(webauthnChallenges.mfa_challenge_id),
  );
}

/**
 * Stores a challenge of `userId` in `scope` valid until `expiresAt`. An earlier challenge of the
 * same scope is dropped (the latest start is the one to finish), and so is every challenge expired
 * at `now`, so the table holds at most one row per ceremony under way.
 */
export async function insertWebauthnChallenge(
  db: Executor,
  challenge: string,
  userId: number,
  scope: ChallengeScope,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db
    .delete(webauthnChallenges)
    .where(or(lte(webauthnChallenges.expires_at, now), inScope(userId, scope)));
  await db.insert(webauthnChallenges).values({
    challenge,
    user_id: userId,
    ceremony: scope.ceremony,
    mfa_challenge_id: scope.ceremony === 'sign-in' ? scope.mfaChallengeId : null,
    expires_at: expiresAt,
  });
}

/**
 * Spends the unexpired challenge `challenge` of `userId` in `scope` (deletes it); false when there
 * is none: never issued, issued for another user or ceremony, expired, or spent already.
 */
export async function spendWebauthnChallenge(
  db: Executor,
  challenge: string,
  userId: number,
  scope: ChallengeScope,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        inScope(userId, scope),
        gt(webauthnChallenges.expires_at, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return rows.length === 1;
}
