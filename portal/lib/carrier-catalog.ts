/**
 * What the portal shows about carriers, read from carriers.json through the same pure helpers the
 * server uses (carrier-catalog/: resolveCarrier, sovCarriers), so the browser and the server agree on
 * every id. ADR 070. The carrier pickers and the SOV links and pages read the catalogue in use
 * instead (lib/live-carriers.ts, issue 43), through the pure helpers here that take the list they
 * search; the names, logos and lists here are the build's carriers.json until they move too.
 */
import { resolveCarrier } from '../../carrier-catalog/carrier-settings.ts';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { type SovCarrier, sovCarriers } from '../../carrier-catalog/sov-carriers.ts';

/** How a carrier quotes: automatically, through a managed program (SOV), or by staff (manual). */
export type CarrierChannel = 'automatic' | 'sov' | 'manual';

/** One carrier or sub-carrier that writes a product, with how it quotes. */
export interface ProductWriter {
  /** `carrier` or `carrier/sub_carrier` of carriers.json: unique, stable. */
  key: string;
  display_name: string;
  channel: CarrierChannel;
  benefits: string[];
}

/**
 * Every carrier or sub-carrier of carriers.json whose quote types include `product` (a
 * `carrier_quote_type` such as "Commercial" or "Excess"), in file order. A family with
 * sub-carriers is represented by its sub-carriers, as launches are. SPEC §1 carrier families, §2.
 */
export function carriersWritingProduct(product: string, file: CarriersFile = carriersFile): ProductWriter[] {
  const writers: ProductWriter[] = [];
  for (const family of file.carriers) {
    const candidates = family.subCarriers.length > 0 ? family.subCarriers : [null];
    for (const sub of candidates) {
      const resolved = resolveCarrier(family, sub);
      if (!resolved.settings.quote_types.includes(product)) continue;
      const connector = resolved.settings.connector;
      writers.push({
        key: sub ? `${family.name}/${sub.name}` : family.name,
        display_name: resolved.displayName,
        channel: connector === 'sov' ? 'sov' : connector === 'manual' ? 'manual' : 'automatic',
        benefits: resolved.benefits,
      });
    }
  }
  return writers;
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
type SovQuoteOwner = Pick<SovCarrier, 'quote_manager_id' | 'carrier' | 'sub_carrier'>;

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
 * The logo path (carriers.json `image`) of a quote's carrier family: `carrier` is the family name,
 * or an SOV quote manager id; null for a carrier not in the file. Issue 19.
 */
export function carrierImageOf(
  quote: { carrier: string; sub_carrier: string | null },
  file: CarriersFile = carriersFile,
): string | null {
  const family = file.carriers.find((entry) => entry.name === quote.carrier);
  if (family) return family.image;
  const manager = sovQuoteManagerOfQuote(quote, sovCarriers(file));
  return file.carriers.find((entry) => entry.name === manager?.carrier)?.image ?? null;
}

/** One carrier family of carriers.json as the resources pages show it (issue 15). */
export interface CarrierFamily {
  name: string;
  display_name: string;
  /** Logo path (carriers.json `image`), served by the server as an SVG. */
  image: string;
  url: string;
  guide_document: string | null;
  quote_types: string[];
  states: string[];
  sub_carriers: string[];
}

/** Every carrier family of carriers.json, by display name. */
export function carrierFamilies(file: CarriersFile = carriersFile): CarrierFamily[] {
  return file.carriers
    .map((family) => ({
      name: family.name,
      display_name: family.displayName,
      image: family.image,
      url: family.url,
      guide_document: family.guideDocument,
      quote_types: [
        ...new Set([family.quote_types, ...family.subCarriers.map((sub) => sub.quote_types ?? [])].flat()),
      ],
      states: family.states,
      sub_carriers: family.subCarriers.map((sub) => sub.displayName),
    }))
    .sort((a, b) => a.display_name.localeCompare(b.display_name));
}
