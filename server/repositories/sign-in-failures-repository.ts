/**
 * The sign-in throttle's counters (table sign_in_failures, migration 0049): failures per key in a
 * fixed window, kept in the database so every server process on it counts the same failures
 * (docs/decisions/712-sign-in-throttle-in-the-database.md).
 */
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { signInFailures } from '../db/sign-in-security-schema.ts';

/** Failures of each of `keys` whose window is still open at `now` (absent keys: none). */
export async function openFailures(db: Executor, keys: string[], now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: signInFailures.key, failures: signInFailures.failures })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, keys), gt(signInFailures.window_ends_at, now)));
  return new Map(rows.map((row) => [row.key, row.failures]));
}

/**
 * Counts one failure on each of `keys` in one statement: a key whose window has ended starts a
 * new window of `windowMs` from `now` with 1; otherwise its count goes up by one. Atomic per
 * row, so two processes counting at once lose no failure.
 */
export async function countFailure(db: Executor, keys: string[], windowMs: number, now: Date): Promise<void> {
  const windowEndsAt = new Date(now.getTime() + windowMs);
  await db
    .insert(signInFailures)
    .values(keys.map((key) => ({ key, failures: 1, window_ends_at: windowEndsAt })))
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`CASE WHEN ${signInFailures.window_ends_at} > ${now.toISOString()}::timestamptz
                      THEN ${signInFailures.failures} + 1 ELSE 1 END`,
        window_ends_at: sql`CASE WHEN ${signInFailures.window_ends_at} > ${now.toISOString()}::timestamptz
                            THEN ${signInFailures.window_ends_at} ELSE excluded.window_ends_at END`,
      },
    });
}

/** Deletes the counters whose window ended before `now` (the table stays small). */
export async function deleteEndedWindows(db: Executor, now: Date): Promise<void> {
  await db
    .delete(signInFailures)
    .where(sql`${signInFailures.window_ends_at} <= ${now.toISOString()}::timestamptz`);
}
