/**
 * Carrier connection calls (issue 19, docs/api-accounts.md Carrier connections): the company's
 * live connections (carrier-connections/list), saving one (update: switch and write-only
 * credentials) and testing one with a sample application (test: the masked exchanges).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { withCompany } from './portal-settings-api.ts';

/** One connection as the server lists it: credential names only, never values. */
export type CarrierConnection = ApiAnswer<'carrier-connections/list'>['connections'][number];

/** A test's outcome: the mapped answer or the error, and every exchange (secrets shown as ********). */
export type CarrierConnectionTest = ApiAnswer<'carrier-connections/test'>['test'];

/** One request and answer of a test. */
export type CarrierExchange = CarrierConnectionTest['exchanges'][number];

/** The query key of a company's connections (null = own company). */
export function carrierConnectionsQueryKey(companyId: number | null) {
  return ['admin', 'carrier-connections', companyId ?? 'own'] as const;
}

/** Query options of carrier-connections/list. */
export function carrierConnectionsQueryOptions(companyId: number | null) {
  return queryOptions({
    queryKey: carrierConnectionsQueryKey(companyId),
    queryFn: async () =>
      (await documentedData('carrier-connections/list', withCompany(companyId, {}))).connections,
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
): Promise<ApiEnvelope<ApiAnswer<'carrier-connections/update'>>> {
  const body: ApiBody<'carrier-connections/update'> = { connection_id: connectionId, enabled };
  if (Object.keys(credentials).length > 0) body.credentials = credentials;
  return documentedCall('carrier-connections/update', withCompany(companyId, body));
}

/** Runs the sample application through the connection; the envelope's message says the outcome. */
export function testCarrierConnection(
  companyId: number | null,
  connectionId: string,
): Promise<ApiEnvelope<ApiAnswer<'carrier-connections/test'>>> {
  return documentedCall('carrier-connections/test', withCompany(companyId, { connection_id: connectionId }));
}
