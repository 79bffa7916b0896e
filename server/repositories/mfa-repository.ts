/**
 * Second factors (migration 0049): a user's TOTP secret, recovery codes, their removal by an
 * admin's reset (ADR 755), and the sign-in challenges between a right password and a session
 * (mfa_token, stored by SHA-256).
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  type MfaChallengeRow,
  mfaChallenges,
  mfaRecoveryCodes,
  userTotp,
  webauthnChallenges,
  webauthnCredentials,
} from '../db/sign-in-security-schema.ts';

/** A user's TOTP row, or null. */
export async function findTotp(db: Executor, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.user_id, userId));
  return row ?? null;
}

/** Stores `secret` as the user's pending (unconfirmed) TOTP secret, replacing a pending one. */
export async function savePendingTotp(db: Executor, userId: number, secret: string): Promise<void> {
  await db
    .insert(userTotp)
    .values({ user_id: userId, secret })
    .onConflictDoUpdate({
      target: userTotp.user_id,
      set: { secret, confirmed_at: null, last_time_step: null },
    });
}

/** Marks the user's TOTP confirmed, remembering the step of the code that confirmed it. */
export async function confirmTotp(db: Executor, userId: number, timeStep: number, now: Date): Promise<void> {
  await db
    .update(userTotp)
    .set({ confirmed_at: now, last_time_step: timeStep })
    .where(eq(userTotp.user_id, userId));
}

/**
 * Records `timeStep` as the last accepted one when it is later than the stored one; false when
 * another request accepted this step (or a later one) first, so a code signs in once.
 */
export async function acceptTimeStep(db: Executor, userId: number, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ last_time_step: timeStep })
    .where(
      and(
        eq(userTotp.user_id, userId),
        sql`(${userTotp.last_time_step} IS NULL OR ${userTotp.last_time_step} < ${timeStep})`,
      ),
    )
    .returning({ user_id: userTotp.user_id });
  return rows.length === 1;
}

/**
 * Removes every second factor of the user (TOTP, pending or on; recovery codes; passkeys and their
 * ceremonies under way) and spends their open sign-in challenges at `now`, so a sign-in half-way
 * starts again. Answers what was on: `{totp}` true for a confirmed TOTP, `{passkeys}` removed.
 * Run it in the caller's transaction.
 */
export async function deleteSecondFactors(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ totp: boolean; passkeys: number }> {
  const totp = await db
    .delete(userTotp)
    .where(eq(userTotp.user_id, userId))
    .returning({ confirmed_at: userTotp.confirmed_at });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
  const passkeys = await db
    .delete(webauthnCredentials)
    .where(eq(webauthnCredentials.user_id, userId))
    .returning({ id: webauthnCredentials.id });
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.user_id, userId));
  await db
    .update(mfaChallenges)
    .set({ used_at: now })
    .where(and(eq(mfaChallenges.user_id, userId), isNull(mfaChallenges.used_at)));
  return { totp: totp.some((row) => row.confirmed_at !== null), passkeys: passkeys.length };
}

/** Removes the user's recovery codes (their last second factor went). */
export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
}

/** Replaces the user's recovery codes with `hashes`. */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
}

/** Marks an unused code of the user used; false when there is none with that hash. One UPDATE. */
export async function spendRecoveryCode(
  db: Executor,
  userId: number,
  hash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ used_at: now })
    .where(
      and(
        eq(mfaRecoveryCodes.user_id, userId),
        eq(mfaRecoveryCodes.code_hash, hash),
        isNull(mfaRecoveryCodes.used_at),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}

/** What a user has of the second factor (secondFactorsOf). */
export interface SecondFactors {
  /** A confirmed TOTP. */
  totp: boolean;
  /** Passkeys stored. */
  passkeys: number;
  /** Recovery codes not used yet. */
  recoveryCodes: number;
}

/** The second factors a user has: a confirmed TOTP, passkeys, unused recovery codes. One statement. */
export async function secondFactorsOf(db: Executor, userId: number): Promise<SecondFactors> {
  const [row] = await db
    .select({
      totp: sql<boolean>`EXISTS (SELECT 1 FROM ${userTotp} WHERE ${userTotp.user_id} = ${userId}
                               AND ${userTotp.confirmed_at} IS NOT NULL)`,
      passkeys: sql<number>`(SELECT count(*)::int FROM ${webauthnCredentials} WHERE ${webauthnCredentials.user_id} = ${userId})`,
      recoveryCodes: sql<number>`(SELECT count(*)::int FROM ${mfaRecoveryCodes} WHERE ${mfaRecoveryCodes.user_id} = ${userId}
                                    AND ${mfaRecoveryCodes.used_at} IS NULL)`,
    })
    .from(sql`(SELECT 1) AS one`);
  return {
    totp: Boolean(row?.totp),
    passkeys: Number(row?.passkeys ?? 0),
    recoveryCodes: Number(row?.recoveryCodes ?? 0),
  };
}

/** Stores a sign-in challenge. */
export async function insertChallenge(
  db: Executor,
  values: Pick<MfaChallengeRow, 'token_hash' | 'user_id' | 'expires_at' | 'client_address' | 'user_agent'>,
): Promise<void> {
  await db.insert(mfaChallenges).values(values);
}

/** The open challenge of a token hash: unused, unexpired at `now`, under `maxFailures` wrong codes. */
export async function findOpenChallenge(
  db: Executor,
  tokenHash: string,
  now: Date,
  maxFailures: number,
): Promise<MfaChallengeRow | null> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.token_hash, tokenHash),
        isNull(mfaChallenges.used_at),
        gt(mfaChallenges.expires_at, now),
        lt(mfaChallenges.failures, maxFailures),
      ),
    );
  return row ?? null;
}

/** Counts a wrong code on the challenge. */
export async function countChallengeFailure(db: Executor, id: number): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ failures: sql`${mfaChallenges.failures} + 1` })
    .where(eq(mfaChallenges.id, id));
}

/** Marks the challenge used; false when another request used it first. */
export async function spendChallenge(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ used_at: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.used_at)))
    .returning({ id: mfaChallenges.id });
  return rows.length === 1;
}
