/** API credentials of a company: the secret is stored only as its SHA-256. */
import { and, asc, eq } from 'drizzle-orm';
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
  values: { company_id: number; name: string; key_id: string; secret_hash: string; created_by: number },
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
