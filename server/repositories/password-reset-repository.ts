/** Password reset tokens, stored by the SHA-256 of the token. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { passwordResetTokens } from '../db/schema.ts';

/** Stores a token hash for a user, valid until `expiresAt`. */
export async function insertResetToken(
  db: Executor,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(passwordResetTokens)
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
}

/**
 * Marks an unused, unexpired token used and returns its user id; null when there is no such
 * token. One UPDATE, so two concurrent resets with one token cannot both succeed.
 */
export async function consumeResetToken(db: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(passwordResetTokens.token_hash, tokenHash),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, now),
      ),
    )
    .returning({ user_id: passwordResetTokens.user_id });
  return row?.user_id ?? null;
}

/** Invalidates every other open token of a user once one was used. */
export async function expireUserResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ used_at: sql`coalesce(${passwordResetTokens.used_at}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)));
}
