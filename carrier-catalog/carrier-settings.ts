import { carriersFile } from './carriers-file.ts';
import type {
  CarrierEntry,
  CarrierLaunchSettings,
  CarriersFile,
  SubCarrierEntry,
} from './carriers-file-types.ts';

/** A carrier or sub-carrier with its launch settings resolved (sub-carrier over family). */
export interface ResolvedCarrier {
  family: CarrierEntry;
  sub: SubCarrierEntry | null;
  settings: CarrierLaunchSettings;
  displayName: string;
  benefits: string[];
}

/**
 * Resolves a family and optional sub-carrier: each launch setting the sub-carrier leaves out
 * (quote_types, states, eligibility, connector, sandbox_rate_factor, coverage_extras,
 * live_connection) comes from
 * the family. Benefits and display name are the sub-carrier's, else the family's.
 */
export function resolveCarrier(family: CarrierEntry, sub: SubCarrierEntry | null): ResolvedCarrier {
  const settings: CarrierLaunchSettings = {
    quote_types: sub?.quote_types ?? family.quote_types,
    states: sub?.states ?? family.states,
    eligibility: sub?.eligibility ?? family.eligibility,
    connector: sub?.isSovCarrier ? 'sov' : (sub?.connector ?? family.connector),
    sandbox_rate_factor: sub?.sandbox_rate_factor ?? family.sandbox_rate_factor,
    coverage_extras: sub?.coverage_extras ?? family.coverage_extras,
    live_connection: sub?.live_connection ?? family.live_connection,
  };
  return {
    family,
    sub,
    settings,
    displayName: sub?.displayName ?? family.displayName,
    benefits: sub && sub.benefits.length > 0 ? sub.benefits : family.benefits,
  };
}

/**
 * The resolved settings of carriers.json family `carrier` (and sub-carrier `subCarrier`, or null).
 * Throws `Error('Unknown carrier <carrier>[/<subCarrier>]')` when either is not in the file.
 */
export function carrierSettings(
  carrier: string,
  subCarrier: string | null,
  file: CarriersFile = carriersFile,
): ResolvedCarrier {
  const family = file.carriers.find((entry) => entry.name === carrier);
  const sub = subCarrier === null ? null : family?.subCarriers.find((entry) => entry.name === subCarrier);
  if (!family || sub === undefined) {
    throw new Error(`Unknown carrier ${carrier}${subCarrier === null ? '' : `/${subCarrier}`}`);
  }
  return resolveCarrier(family, sub);
}
