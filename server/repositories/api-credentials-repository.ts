/** API credentials of a company: the secret is stored only as its SHA-256, which finds it. */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type ApiCredentialRow, apiCredentials } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** A company's credentials, oldest first. */
export async function listCredentials(db: Executor, companyId: number): Promise<ApiCredentialRow[]> {
  return db
    .select()
    .from(apiCredentials)
    .where(eq(apiCredentials.company_id, companyId))
    .orderBy(asc(apiCredentials.id));
}

/** Stores a credential; returns the row. */
export async function insertCredential(
  db: Executor,
  values: Pick<ApiCredentialRow, 'company_id' | 'name' | 'key_id' | 'secret_hash' | 'created_by' | 'scopes'>,
): Promise<ApiCredentialRow> {
  const [row] = await db.insert(apiCredentials).values(values).returning();
  return row;
}

/** Revokes a credential of a company (keeps the first revocation time); the row, or null. */
export async function revokeCredential(
  db: Executor,
  companyId: number,
  credentialId: number,
  now: Date,
): Promise<ApiCredentialRow | null> {
  if (!isRowId(credentialId)) return null;
  const [current] = await db
    .select()
    .from(apiCredentials)
    .where(and(eq(apiCredentials.id, credentialId), eq(apiCredentials.company_id, companyId)));
  if (!current) return null;
  if (current.revoked_at) return current;
  const [row] = await db
    .update(apiCredentials)
    .set({ revoked_at: now })
    .where(eq(apiCredentials.id, credentialId))
    .returning();
  return row;
}

/** The credential whose secret hashes to `secretHash`, revoked or not; null when none. */
export async function findCredentialBySecretHash(
  db: Executor,
  secretHash: string,
): Promise<ApiCredentialRow | null> {
  const [row] = await db.select().from(apiCredentials).where(eq(apiCredentials.secret_hash, secretHash));
  return row ?? null;
}

/**
 * Changes the name, scopes or secret hash (with its rotation time) of a credential of a company
 * that is not revoked; the row, or null when there is no such live credential.
 */
export async function updateLiveCredential(
  db: Executor,
  companyId: number,
  credentialId: number,
  patch: Partial<Pick<ApiCredentialRow, 'name' | 'scopes' | 'secret_hash' | 'rotated_at'>>,
): Promise<ApiCredentialRow | null> {
  if (!isRowId(credentialId)) return null;
  const [row] = await db
    .update(apiCredentials)
    .set(patch)
    .where(
      and(
        eq(apiCredentials.id, credentialId),
        eq(apiCredentials.company_id, companyId),
        isNull(apiCredentials.revoked_at),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records a use of a credential at most once a minute (`now` minus 60 s), so calls do not all write. */
export async function touchCredential(db: Executor, credentialId: number, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiCredentials)
    .set({ last_used_at: now })
    .where(
      and(
        eq(apiCredentials.id, credentialId),
        or(isNull(apiCredentials.last_used_at), lt(apiCredentials.last_used_at, minuteAgo)),
      ),
    );
}
