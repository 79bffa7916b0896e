/**
 * What the portal shows about carriers, read from carriers.json through the same pure helpers the
 * server uses (carrier-catalog/: resolveCarrier, sovCarriers), so the browser and the server agree on
 * every id. ADR 070. The carrier pickers read the catalogue in use instead (lib/live-carriers.ts,
 * issue 43); the names, logos and lists here are the build's carriers.json until they move too.
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

/** The SOV carrier whose quote manager id is `carrierId`, or null. SPEC §2 sov-quote route. */
export function findSovQuoteManager(carrierId: string, file: CarriersFile = carriersFile): SovCarrier | null {
  return sovCarriers(file).find((carrier) => carrier.quote_manager_id === carrierId) ?? null;
}

/** True when a carrier with these `quote_types` and `states` writes `product` in `state` (2 letters). */
export function writesProductIn(
  carrier: { quote_types: string[]; states: string[] },
  product: string,
  state: string,
): boolean {
  return carrier.quote_types.includes(product) && carrier.states.includes(state.trim().toUpperCase());
}

/**
 * The SOV quote manager a quote belongs to: matched by quote manager id in `carrier`, or by
 * carriers.json family and sub-carrier names. Null for a quote of no SOV carrier.
 */
export function sovQuoteManagerOfQuote(
  quote: { carrier: string; sub_carrier: string | null },
  file: CarriersFile = carriersFile,
): SovCarrier | null {
  const list = sovCarriers(file);
  return (
    list.find((c) => c.carrier === quote.carrier && c.sub_carrier === (quote.sub_carrier ?? null)) ??
    list.find((c) => c.quote_manager_id === quote.carrier) ??
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
  const manager = sovQuoteManagerOfQuote(quote, file);
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
