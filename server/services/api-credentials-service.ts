/**
 * API credentials of a company (docs/api-accounts.md API credentials): the secret is answered
 * once at creation and stored only as its SHA-256 (it is 32 random bytes, so a slow hash adds
 * nothing).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.ts';
import type { ApiCredentialRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  insertCredential,
  listCredentials,
  revokeCredential,
} from '../repositories/api-credentials-repository.ts';
import { managedCompanyId } from './account-access.ts';
import type { Actor } from './actor.ts';

export const CREDENTIAL_NOT_FOUND = 'Credential not found.';

/** SHA-256 hex of a credential secret. */
export function hashCredentialSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function view(row: ApiCredentialRow) {
  return {
    id: row.id,
    name: row.name,
    key_id: row.key_id,
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** The managed company's credentials, without secrets. */
export async function listApiCredentials(db: Executor, actor: Actor, companyId?: number) {
  const id = managedCompanyId(actor, companyId);
  return { credentials: (await listCredentials(db, id)).map(view) };
}

/** Creates a credential; the answer is the only place the secret ever appears. */
export async function createApiCredential(db: Executor, actor: Actor, name: string, companyId?: number) {
  const id = managedCompanyId(actor, companyId);
  const keyId = `ak_${randomBytes(12).toString('hex')}`;
  const secret = `sk_${randomBytes(32).toString('hex')}`;
  const row = await db.transaction(async (tx) =>
    insertCredential(tx, {
      company_id: id,
      name: name.trim(),
      key_id: keyId,
      secret_hash: hashCredentialSecret(secret),
      created_by: actor.userId,
    }),
  );
  return { credential: { ...view(row), secret } };
}

/** Revokes a credential of the managed company; 404 'Credential not found.'. */
export async function revokeApiCredential(
  db: Executor,
  actor: Actor,
  credentialId: number,
  companyId?: number,
  now: Date = new Date(),
) {
  const id = managedCompanyId(actor, companyId);
  const row = await db.transaction(async (tx) => revokeCredential(tx, id, credentialId, now));
  if (!row) throw new ApiError(404, CREDENTIAL_NOT_FOUND);
  return { credential: view(row) };
}
