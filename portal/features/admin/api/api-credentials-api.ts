/**
 * API credentials calls (api-credentials/list, create, rotate, revoke) of the messaging console:
 * the partner API keys of issue 16. The secret is answered once, by create and by rotate; it is
 * stored hashed. Contract: docs/api-accounts.md.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiEnvelope, apiCall, apiData } from '../../../lib/api-client.ts';
import type { ApiCredential } from './admin-types.ts';

function withCompany(companyId: number | null, body: Record<string, unknown> = {}): Record<string, unknown> {
  return companyId ? { company_id: companyId, ...body } : body;
}

/** The company's credentials, without secrets. Throws `ApiRequestError` on failure. */
export async function listApiCredentials(companyId: number | null): Promise<ApiCredential[]> {
  const data = await apiData<{ credentials: ApiCredential[] }>(
    'api-credentials/list',
    withCompany(companyId),
  );
  return data.credentials ?? [];
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
  scopes: string[],
): Promise<ApiEnvelope<{ credential: ApiCredential }>> {
  return apiCall<{ credential: ApiCredential }>(
    'api-credentials/create',
    withCompany(companyId, { name, scopes }),
  );
}

/** Gives credential `credentialId` a new secret (the answer's only copy); the old one stops working. */
export function rotateApiCredential(
  companyId: number | null,
  credentialId: number,
): Promise<ApiEnvelope<{ credential: ApiCredential }>> {
  return apiCall<{ credential: ApiCredential }>(
    'api-credentials/rotate',
    withCompany(companyId, { credential_id: credentialId }),
  );
}

/** Revokes credential `credentialId`. */
export function revokeApiCredential(
  companyId: number | null,
  credentialId: number,
): Promise<ApiEnvelope<{ credential: ApiCredential }>> {
  return apiCall<{ credential: ApiCredential }>(
    'api-credentials/revoke',
    withCompany(companyId, { credential_id: credentialId }),
  );
}

/** Renames credential `credentialId` and sets its scopes (the secret is unchanged and not answered). */
export function updateApiCredential(
  companyId: number | null,
  credentialId: number,
  changes: { name: string; scopes: string[] },
): Promise<ApiEnvelope<{ credential: ApiCredential }>> {
  return apiCall<{ credential: ApiCredential }>(
    'api-credentials/update',
    withCompany(companyId, { credential_id: credentialId, ...changes }),
  );
}
