/**
 * The carriers in use (issue 43, docs/decisions/772): the public part of the catalogue version the
 * server quotes with, from carrier-catalogue/carriers (docs/api-accounts.md Carrier catalogue), so
 * a carrier a super-admin publishes is offered, named and shown with its logo without a portal
 * rebuild. Every carrier name, logo and list of the portal comes from here, through the pure helpers
 * of lib/carrier-catalog.ts; the portal bundles no carriers.json.
 */
import { useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from './api-operations.ts';

/** What carrier-catalogue/carriers answers: version, carriers, sov_carriers, manual_carriers. */
export type LiveCarriers = ApiAnswer<'carrier-catalogue/carriers'>;

/** One carrier family of the catalogue in use (carrier-catalog/public-carriers.ts PublicCarrier). */
export type LiveCarrier = LiveCarriers['carriers'][number];

/** How a carrier quotes: automatically, through a managed program (SOV), or by staff (manual). */
export type CarrierChannel = LiveCarrier['channel'];

/** The query key of the carriers in use. */
export const LIVE_CARRIERS_KEY = ['carriers', 'in-use'] as const;

/**
 * The carriers in use; fetched only while `enabled` (e.g. while a picker is open). Kept fresh for
 * 15 s, the servers' own reload poll (server/services/carrier-catalogue-reload.ts).
 */
export function useLiveCarriers(enabled = true) {
  return useQuery({
    queryKey: LIVE_CARRIERS_KEY,
    queryFn: () => documentedData('carrier-catalogue/carriers', {}),
    staleTime: 15_000,
    enabled,
  });
}
