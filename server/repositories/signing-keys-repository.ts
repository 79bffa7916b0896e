/**
 * The server's signing keys (migration 0030): one random secret per purpose, made on first use.
 * docs/decisions/440-quote-link-for-the-client.md.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { signingKeys } from '../db/schema.ts';

/**
 * The secret named `name` (64 hex characters, 256 bits), stored on first use. Two processes asking
 * at once store one: the loser's insert does nothing and both read the winner's row.
 */
export async function signingKey(db: Executor, name: string): Promise<string> {
  await db
    .insert(signingKeys)
    .values({ name, secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: signingKeys.secret })
    .from(signingKeys)
    .where(eq(signingKeys.name, name));
  return row.secret;
}
