/**
 * API credentials of a company (docs/api-accounts.md API credentials), which are the partner API
 * keys of issue 16: the secret is answered once, at creation and at each rotation, and stored only
 * as its SHA-256 (it is 32 random bytes, so a slow hash adds nothing:
 * docs/decisions/290-partner-api-keys-hashed-with-sha256.md). A key carries scopes
 * (server/auth/partner-scopes.ts) and authenticates `Authorization: Bearer <secret>` calls as an
 * admin of its company restricted to them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PartnerScope } from '../auth/partner-scopes.ts';
import type { Executor } from '../db/database.ts';
import type { ApiCredentialRow, CompanyRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  findCredentialBySecretHash,
  insertCredential,
  listCredentials,
  revokeCredential,
  touchCredential,
  updateLiveCredential,
} from '../repositories/api-credentials-repository.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import { managedCompanyId } from './account-access.ts';
import type { Actor } from './actor.ts';

export const CREDENTIAL_NOT_FOUND = 'Credential not found.';
export const INVALID_API_KEY = 'Unauthenticated.';

/** SHA-256 hex of a credential secret. */
export function hashCredentialSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new secret: `sk_` and 32 random bytes in hex (256 bits). */
function newSecret(): string {
  return `sk_${randomBytes(32).toString('hex')}`;
}

function view(row: ApiCredentialRow) {
  return {
    id: row.id,
    name: row.name,
    key_id: row.key_id,
    scopes: row.scopes,
    created_at: row.created_at.toISOString(),
    rotated_at: row.rotated_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** The managed company's credentials, without secrets. */
export async function listApiCredentials(db: Executor, actor: Actor, companyId?: number) {
  const id = managedCompanyId(actor, companyId);
  return { credentials: (await listCredentials(db, id)).map(view) };
}

/** Creates a credential with `scopes`; the answer is the only place the secret ever appears. */
export async function createApiCredential(
  db: Executor,
  actor: Actor,
  input: { name: string; scopes: PartnerScope[] },
  companyId?: number,
) {
  const id = managedCompanyId(actor, companyId);
  const keyId = `ak_${randomBytes(12).toString('hex')}`;
  const secret = newSecret();
  const row = await db.transaction(async (tx) =>
    insertCredential(tx, {
      company_id: id,
      name: input.name.trim(),
      key_id: keyId,
      secret_hash: hashCredentialSecret(secret),
      created_by: actor.userId,
      scopes: [...new Set(input.scopes)],
    }),
  );
  return { credential: { ...view(row), secret } };
}

/**
 * Renames a live credential or replaces its scopes (effective from the key's next call); 404
 * CREDENTIAL_NOT_FOUND when it is not the managed company's or is revoked.
 */
export async function updateApiCredential(
  db: Executor,
  actor: Actor,
  credentialId: number,
  patch: { name?: string; scopes?: PartnerScope[] },
  companyId?: number,
) {
  const id = managedCompanyId(actor, companyId);
  const row = await db.transaction(async (tx) =>
    updateLiveCredential(tx, id, credentialId, {
      ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
      ...(patch.scopes === undefined ? {} : { scopes: [...new Set(patch.scopes)] }),
    }),
  );
  if (!row) throw new ApiError(404, CREDENTIAL_NOT_FOUND);
  return { credential: view(row) };
}

/**
 * Gives a live credential a new secret, answered once; the old secret stops working at once
 * (docs/decisions/292-partner-key-rotation-without-overlap.md). 404 CREDENTIAL_NOT_FOUND when it
 * is not the managed company's or is revoked.
 */
export async function rotateApiCredential(
  db: Executor,
  actor: Actor,
  credentialId: number,
  companyId?: number,
  now: Date = new Date(),
) {
  const id = managedCompanyId(actor, companyId);
  const secret = newSecret();
  const row = await db.transaction(async (tx) =>
    updateLiveCredential(tx, id, credentialId, {
      secret_hash: hashCredentialSecret(secret),
      rotated_at: now,
    }),
  );
  if (!row) throw new ApiError(404, CREDENTIAL_NOT_FOUND);
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

/** A caller authenticated by a partner API key. */
export interface PartnerKey {
  credentialId: number;
  scopes: PartnerScope[];
  company: CompanyRow;
}

/**
 * The principal of a Bearer secret: an admin of the key's company (userId: the admin who made
 * the key, 0 when gone) and the key itself. Throws ApiError 401 INVALID_API_KEY when the secret
 * is unknown, rotated away or revoked, or its company is gone. Records the use (last_used_at).
 */
export async function authenticateApiKey(
  db: Executor,
  secret: string,
  now: Date = new Date(),
): Promise<{ actor: Actor; partnerKey: PartnerKey }> {
  const row = await findCredentialBySecretHash(db, hashCredentialSecret(secret));
  const company = row && !row.revoked_at ? await findCompanyWithExtras(db, row.company_id) : null;
  if (!row || !company) throw new ApiError(401, INVALID_API_KEY);
  await touchCredential(db, row.id, now);
  return {
    actor: {
      userId: row.created_by ?? 0,
      role: 'admin',
      companyId: row.company_id,
      agentId: null,
      licensedStates: [],
      sessionKeyHash: '',
    },
    partnerKey: { credentialId: row.id, scopes: row.scopes, company: company.company },
  };
}
