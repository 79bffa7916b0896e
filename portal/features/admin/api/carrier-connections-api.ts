/**
 * Carrier connection calls (issue 19, docs/api-accounts.md Carrier connections): the company's
 * live connections (carrier-connections/list), saving one (update: switch and write-only
 * credentials) and testing one with a sample application (test: the masked exchanges).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiEnvelope, apiCall, apiData } from '../../../lib/api-client.ts';
import { withCompany } from './portal-settings-api.ts';

/** One connection as the server lists it: credential names only, never values. */
export interface CarrierConnection {
  id: string;
  label: string;
  auth_kind: 'api_key' | 'basic' | 'oauth2_client_credentials';
  endpoint: string;
  carriers: string[];
  credential_names: string[];
  credentials_set: string[];
  enabled: boolean;
}

/** One request and answer of a test, secrets shown as ********. */
export interface CarrierExchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  status: number | null;
  answer: string;
}

/** A test's outcome: the mapped answer or the error, and every exchange. */
export interface CarrierConnectionTest {
  answer: { status: string; premium: number | null; message: string | null } | null;
  error: string | null;
  exchanges: CarrierExchange[];
}

/** The query key of a company's connections (null = own company). */
export function carrierConnectionsQueryKey(companyId: number | null) {
  return ['admin', 'carrier-connections', companyId ?? 'own'] as const;
}

/** Query options of carrier-connections/list. */
export function carrierConnectionsQueryOptions(companyId: number | null) {
  return queryOptions({
    queryKey: carrierConnectionsQueryKey(companyId),
    queryFn: async () =>
      (
        await apiData<{ connections: CarrierConnection[] }>(
          'carrier-connections/list',
          withCompany(companyId),
        )
      ).connections,
  });
}

/** The company's connections. */
export function useCarrierConnections(companyId: number | null) {
  return useQuery(carrierConnectionsQueryOptions(companyId));
}

/**
 * Saves a connection: `enabled`, and `credentials` holding only the values typed (an omitted one
 * keeps the stored value). Resolves the envelope with every connection.
 */
export function updateCarrierConnection(
  companyId: number | null,
  connectionId: string,
  enabled: boolean,
  credentials: Record<string, string>,
): Promise<ApiEnvelope<{ connections: CarrierConnection[] }>> {
  const body: Record<string, unknown> = { connection_id: connectionId, enabled };
  if (Object.keys(credentials).length > 0) body.credentials = credentials;
  return apiCall('carrier-connections/update', withCompany(companyId, body));
}

/** Runs the sample application through the connection; the envelope's message says the outcome. */
export function testCarrierConnection(
  companyId: number | null,
  connectionId: string,
): Promise<ApiEnvelope<{ test: CarrierConnectionTest }>> {
  return apiCall('carrier-connections/test', withCompany(companyId, { connection_id: connectionId }));
}
