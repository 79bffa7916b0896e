/**
 * API credentials calls (api-credentials/list, create, rotate, revoke) of the messaging console:
 * the partner API keys of issue 16. The secret is answered once, by create and by rotate; it is
 * stored hashed. Contract: docs/api-accounts.md.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import type { PartnerScopeName } from './partner-scope-options.ts';
import { withCompany } from './portal-settings-api.ts';

/** An API credential (a partner API key) as listed; only create and rotate answer its `secret`. */
export type ApiCredential = ApiAnswer<'api-credentials/list'>['credentials'][number];

/** A credential as create and rotate answer it: with its secret, the only copy. */
export type CreatedCredential = ApiAnswer<'api-credentials/create'>['credential'];

/** The company's credentials, without secrets. Throws `ApiRequestError` on failure. */
export async function listApiCredentials(companyId: number | null): Promise<ApiCredential[]> {
  const data = await documentedData('api-credentials/list', withCompany(companyId, {}));
  return data.credentials;
}

/** Query options of api-credentials/list. */
export function apiCredentialsQueryOptions(companyId: number | null) {
  return queryOptions({
    queryKey: ['admin', 'api-credentials', companyId ?? 'own'],
    queryFn: () => listApiCredentials(companyId),
  });
}

/** The company's credentials. */
export function useApiCredentials(companyId: number | null) {
  return useQuery(apiCredentialsQueryOptions(companyId));
}

/** Creates a credential named `name` with `scopes`; the answer's `credential.secret` is the only copy. */
export function createApiCredential(
  companyId: number | null,
  name: string,
  scopes: PartnerScopeName[],
): Promise<ApiEnvelope<ApiAnswer<'api-credentials/create'>>> {
  return documentedCall('api-credentials/create', withCompany(companyId, { name, scopes }));
}

/** Gives credential `credentialId` a new secret (the answer's only copy); the old one stops working. */
export function rotateApiCredential(
  companyId: number | null,
  credentialId: number,
): Promise<ApiEnvelope<ApiAnswer<'api-credentials/rotate'>>> {
  return documentedCall('api-credentials/rotate', withCompany(companyId, { credential_id: credentialId }));
}

/** Revokes credential `credentialId`. */
export function revokeApiCredential(
  companyId: number | null,
  credentialId: number,
): Promise<ApiEnvelope<ApiAnswer<'api-credentials/revoke'>>> {
  return documentedCall('api-credentials/revoke', withCompany(companyId, { credential_id: credentialId }));
}

/** Renames credential `credentialId` and sets its scopes (the secret is unchanged and not answered). */
export function updateApiCredential(
  companyId: number | null,
  credentialId: number,
  changes: { name: string; scopes: PartnerScopeName[] },
): Promise<ApiEnvelope<ApiAnswer<'api-credentials/update'>>> {
  return documentedCall(
    'api-credentials/update',
    withCompany(companyId, { credential_id: credentialId, ...changes }),
  );
}
