/**
 * The carrier catalogue's calls for the super-admin's carrier page (issue 43,
 * docs/decisions/772-carrier-catalogue-versions.md, docs/api-accounts.md Carrier catalogue): the
 * latest version with the history and each connection's health (carrier-catalogue/get), and a
 * draft's check, connection test and publish.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall, documentedData } from '../../../lib/api-operations.ts';

/** What carrier-catalogue/get answers: version, catalogue, versions, connections, window_days. */
export type CarrierCatalogue = ApiAnswer<'carrier-catalogue/get'>;
/** One connection with its health. */
export type ConnectionHealth = CarrierCatalogue['connections'][number];
/** A draft's check: its problems by path and the connections it adds or changes. */
export type DraftCheck = ApiAnswer<'carrier-catalogue/check'>;
/** One problem of a draft: a slash path into the document and what is wrong there. */
export type DraftProblem = DraftCheck['problems'][number];

/** The query key of the page (refetched after a publish). */
export const CARRIER_CATALOGUE_KEY = ['admin', 'carrier-catalogue'] as const;

/** Query options of carrier-catalogue/get. */
export function carrierCatalogueQueryOptions() {
  return queryOptions({
    queryKey: CARRIER_CATALOGUE_KEY,
    queryFn: () => documentedData('carrier-catalogue/get', {}),
  });
}

/** The latest version, its history and the connections' health. */
export function useCarrierCatalogue() {
  return useQuery(carrierCatalogueQueryOptions());
}

/**
 * The draft's text as a document, or the problem that it is not JSON (at path `(document)`).
 * A JSON value that is not an object is left to the server's check.
 */
export function parseDraft(text: string): { catalogue: Record<string, unknown> } | { problem: DraftProblem } {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { problem: { path: '(document)', message: 'must be a JSON object' } };
    }
    return { catalogue: value as Record<string, unknown> };
  } catch (error) {
    return { problem: { path: '(document)', message: `is not JSON: ${(error as Error).message}` } };
  }
}

/** Runs the publish checks on `catalogue` (writes nothing). Throws `ApiRequestError`. */
export function checkDraft(catalogue: Record<string, unknown>): Promise<DraftCheck> {
  return documentedData('carrier-catalogue/check', { catalogue });
}

/** Tests connection `connectionId` of the draft with company `companyId`'s credentials. */
export function testDraftConnection(
  catalogue: Record<string, unknown>,
  connectionId: string,
  companyId: number,
): Promise<ApiEnvelope<ApiAnswer<'carrier-catalogue/test-connection'>>> {
  return documentedCall('carrier-catalogue/test-connection', {
    catalogue,
    connection_id: connectionId,
    company_id: companyId,
  });
}

/**
 * Publishes the draft made from version `basedOn`. A 422 refusal is not toasted: its problems
 * (`error_obj`, by path) are the page's to list.
 */
export function publishDraft(
  catalogue: Record<string, unknown>,
  note: string,
  basedOn: number,
): Promise<ApiEnvelope<ApiAnswer<'carrier-catalogue/publish'>>> {
  return documentedCall(
    'carrier-catalogue/publish',
    { catalogue, note, based_on: basedOn },
    { suppressToast: (envelope) => envelope.code === 422 },
  );
}
