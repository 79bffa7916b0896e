/**
 * The public part of a carriers document (issue 43, docs/decisions/772): what the portal's carrier
 * pickers and names need, answered by carrier-catalogue/carriers for the version in use. Ids,
 * display names, products, states, how each carrier quotes and logo paths; never a connection, an
 * endpoint, credentials, eligibility rules or rating factors.
 */
import { resolveCarrier } from './carrier-settings.ts';
import type { CarriersFile } from './carriers-file-types.ts';
import { type ManualCarrier, manualCarriers } from './manual-carriers.ts';
import { type SovCarrier, sovCarriers } from './sov-carriers.ts';

/** How a carrier quotes: the sandbox or a live connection (automatic), an SOV program, or by hand. */
export type CarrierChannel = 'automatic' | 'sov' | 'manual';

/** A sub-carrier as the public catalogue shows it (its family's settings where it has none). */
export interface PublicSubCarrier {
  name: string;
  display_name: string;
  quote_types: string[];
  states: string[];
  channel: CarrierChannel;
  benefits: string[];
}

/** A carrier family as the public catalogue shows it; `image` is its logo path (/carriers/<name>.svg). */
export interface PublicCarrier {
  name: string;
  display_name: string;
  image: string;
  url: string;
  guide_document: string | null;
  quote_types: string[];
  states: string[];
  channel: CarrierChannel;
  benefits: string[];
  sub_carriers: PublicSubCarrier[];
}

/** carrier-catalogue/carriers's `data`: the version in use (null before the database was read) and its carriers. */
export interface PublicCarrierCatalogue {
  version: number | null;
  carriers: PublicCarrier[];
  sov_carriers: SovCarrier[];
  manual_carriers: ManualCarrier[];
}

function channelOf(connector: string): CarrierChannel {
  if (connector === 'sov') return 'sov';
  if (connector === 'manual') return 'manual';
  return 'automatic';
}

/**
 * The public part of carriers document `file`, version `version`: families in document order;
 * `sov_carriers` and `manual_carriers` are the ids the SOV and manual launches take (sovCarriers,
 * manualCarriers).
 */
export function publicCarriersOf(file: CarriersFile, version: number | null): PublicCarrierCatalogue {
  const carriers = file.carriers.map(
    (family): PublicCarrier => ({
      name: family.name,
      display_name: family.displayName,
      image: family.image,
      url: family.url,
      guide_document: family.guideDocument,
      quote_types: family.quote_types,
      states: family.states,
      channel: channelOf(family.connector),
      benefits: family.benefits,
      sub_carriers: family.subCarriers.map((sub) => {
        const resolved = resolveCarrier(family, sub);
        return {
          name: sub.name,
          display_name: resolved.displayName,
          quote_types: resolved.settings.quote_types,
          states: resolved.settings.states,
          channel: channelOf(resolved.settings.connector),
          benefits: resolved.benefits,
        };
      }),
    }),
  );
  return { version, carriers, sov_carriers: sovCarriers(file), manual_carriers: manualCarriers(file) };
}
