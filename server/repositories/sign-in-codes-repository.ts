/**
 * One-time sign-in codes of the SAML return (migration 0061, ADR 748): stored by hash, spent by
 * deleting, so a code signs in at most once even when two requests race.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { signInCodes } from '../db/sign-in-security-schema.ts';

/** Stores a code for `userId` valid until `expiresAt`, and drops the codes that expired unspent. */
export async function insertSignInCode(
  db: Executor,
  codeHash: string,
  userId: number,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.delete(signInCodes).where(lte(signInCodes.expires_at, now));
  await db.insert(signInCodes).values({ code_hash: codeHash, user_id: userId, expires_at: expiresAt });
}

/** Spends the unexpired code of `codeHash`: deletes it and answers its user id; null when there is none. */
export async function spendSignInCode(db: Executor, codeHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .delete(signInCodes)
    .where(and(eq(signInCodes.code_hash, codeHash), gt(signInCodes.expires_at, now)))
    .returning({ user_id: signInCodes.user_id });
  return row?.user_id ?? null;
}
