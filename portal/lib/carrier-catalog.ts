/**
 * What the portal shows about carriers (ADR 070): pure helpers over the catalogue in use, the
 * carrier-catalogue/carriers answer (lib/live-carriers.ts, issue 43, docs/decisions/772), which each
 * caller passes in, so that a carrier a super-admin publishes after the build is named, listed and
 * shown with its logo everywhere. The answer's carriers and sub-carriers are already resolved by the
 * server's own helpers (carrier-catalog/public-carriers.ts), so the browser and the server agree on
 * every id. Nothing here reads carriers.json.
 */
import type { CarrierChannel, LiveCarrier, LiveCarriers } from './live-carriers.ts';

/** One carrier or sub-carrier that writes a product, with how it quotes. */
export interface ProductWriter {
  /** `carrier` or `carrier/sub_carrier` of the catalogue: unique, stable. */
  key: string;
  display_name: string;
  channel: CarrierChannel;
  benefits: string[];
}

/**
 * Every carrier or sub-carrier of the catalogue in use whose quote types include `product` (a
 * `carrier_quote_type` such as "Commercial" or "Excess"), in catalogue order. A family with
 * sub-carriers is represented by its sub-carriers, as launches are. SPEC §1 carrier families, §2.
 */
export function carriersWritingProduct(product: string, catalogue: LiveCarriers): ProductWriter[] {
  return catalogue.carriers.flatMap((family) =>
    (family.sub_carriers.length > 0 ? family.sub_carriers : [null]).flatMap((sub) => {
      const writer = sub ?? family;
      if (!writer.quote_types.includes(product)) return [];
      return [
        {
          key: sub ? `${family.name}/${sub.name}` : family.name,
          display_name: writer.display_name,
          channel: writer.channel,
          benefits: writer.benefits,
        },
      ];
    }),
  );
}

/** True when a carrier with these `quote_types` and `states` writes `product` in `state` (2 letters). */
export function writesProductIn(
  carrier: { quote_types: string[]; states: string[] },
  product: string,
  state: string,
): boolean {
  return carrier.quote_types.includes(product) && carrier.states.includes(state.trim().toUpperCase());
}

/** What names an SOV carrier's quotes: its quote manager id, family and sub-carrier. */
type SovQuoteOwner = Pick<
  LiveCarriers['sov_carriers'][number],
  'quote_manager_id' | 'carrier' | 'sub_carrier'
>;

/**
 * The SOV carrier of `sovList` a quote belongs to: matched by family and sub-carrier names, or by
 * quote manager id in `carrier`. Null for a quote of none of them. `sovList` is the catalogue in
 * use's (lib/live-carriers.ts `sov_carriers`, or sov/get-sov-quote's `carrier`) wherever the
 * carrier's quote manager id is needed, so that a carrier published after the build is found.
 */
export function sovQuoteManagerOfQuote<Owner extends SovQuoteOwner>(
  quote: { carrier: string; sub_carrier: string | null },
  sovList: readonly Owner[],
): Owner | null {
  return (
    sovList.find((c) => c.carrier === quote.carrier && c.sub_carrier === (quote.sub_carrier ?? null)) ??
    sovList.find((c) => c.quote_manager_id === quote.carrier) ??
    null
  );
}

/**
 * The logo path (the catalogue's `image`) of a quote's carrier family: `carrier` is the family name,
 * or an SOV quote manager id. Null for a carrier not in the catalogue, and while the catalogue is
 * not known yet (`catalogue` undefined: CarrierLogo then draws nothing). Issue 19.
 */
export function carrierImageOf(
  quote: { carrier: string; sub_carrier: string | null },
  catalogue: LiveCarriers | undefined,
): string | null {
  if (!catalogue) return null;
  const family =
    catalogue.carriers.find((entry) => entry.name === quote.carrier) ??
    catalogue.carriers.find(
      (entry) => entry.name === sovQuoteManagerOfQuote(quote, catalogue.sov_carriers)?.carrier,
    );
  return family?.image ?? null;
}

/** Every carrier family of the catalogue in use, by display name (the resources pages, pickers, filters). */
export function carrierFamiliesByDisplayName(catalogue: LiveCarriers): LiveCarrier[] {
  return [...catalogue.carriers].sort((a, b) => a.display_name.localeCompare(b.display_name));
}
