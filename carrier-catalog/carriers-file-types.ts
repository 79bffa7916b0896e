/**
 * The shapes of carriers.json (validated by carriers.schema.json; tests/carriers/carriers-file.test.ts):
 * families, sub-carriers, their launch settings, the sandbox rating table and live connections.
 * Shared by the portal and the server (ARCHITECTURE: the carrier catalogue belongs to neither).
 */
import type { HttpConnection } from './connection-types.ts';

/** One eligibility rule: when `when` (JSON-logic over `{doc, ctx}`) is truthy, the carrier declines. */
export interface EligibilityRule {
  id: string;
  when: unknown;
  decline_message: string;
}

/**
 * A coverage a carrier adds to every quote. Exactly one of: `amount` (dollars), `percent` of the
 * document field `of` (dollars), or `value` (a text such as "Yes"). `purchasable` lets the agent
 * buy more in `step`s (from the document field `from_field`), capped at `max_percent` of `of`
 * and at `max_amount` dollars.
 */
export interface CoverageExtra {
  coverage: string;
  amount?: number;
  percent?: number;
  of?: string;
  value?: string;
  purchasable?: { from_field: string; step: number; max_percent: number; of: string; max_amount: number };
}

/** Launch settings a sub-carrier may override; absent ones come from its family. */
export interface CarrierLaunchSettings {
  quote_types: string[];
  states: string[];
  eligibility: EligibilityRule[];
  /** "sandbox" (automatic), "manual" or "sov". */
  connector: string;
  /** Multiplies the sandbox premium so carriers differ. Only for sandbox carriers. */
  sandbox_rate_factor?: number;
  coverage_extras?: CoverageExtra[];
  /** A `connections` id: companies that enable it get live quotes from it instead (issue 19). */
  live_connection?: string;
}

/** A sub-carrier of a family (SPEC §1: name, displayName, marketBreakdownDisplayName, otherNames, benefits). */
export interface SubCarrierEntry extends Partial<CarrierLaunchSettings> {
  name: string;
  displayName: string;
  marketBreakdownDisplayName: string;
  otherNames: string[];
  benefits: string[];
  isSovCarrier?: boolean;
  quoteManagerId?: string;
}

/** A carrier family with the SPEC §1 metadata fields and its launch settings. */
export interface CarrierEntry extends CarrierLaunchSettings {
  name: string;
  displayName: string;
  marketBreakdownDisplayName: string;
  nameVariations: string[];
  url: string;
  image: string;
  subCarriers: SubCarrierEntry[];
  isSovCarrier: boolean;
  isManualCarrier: boolean;
  quoteManagerId: string | null;
  guideDocument: string | null;
  benefits: string[];
  /** For a variant entry (e.g. a commercial SOV variant): the family `name` it belongs to. */
  family?: string;
}

/** Parameters of the sandbox rating formula (docs/sandbox-rating.md). Money in dollars. */
export interface SandboxRatingTable {
  /** Per product: dollars per $100 of building and contents coverage, and the minimum premium. */
  rates_per_100: Record<string, { building: number; contents: number; minimum_premium: number }>;
  /** First matching zone prefix wins (case-insensitive). */
  zone_factors: { zone_prefix: string; factor: number }[];
  other_zone_factor: number;
  /** Factor = 1 - per_foot x elevation difference (feet), clamped to [min_factor, max_factor]. */
  elevation: { per_foot: number; min_factor: number; max_factor: number };
  /** First entry whose `contains` occurs in the foundation type (case-insensitive) wins. */
  foundation_factors: { contains: string; factor: number }[];
  other_foundation_factor: number;
  /** Ascending `max_miles`; the first tier the distance fits in wins. */
  distance_to_coast_tiers: { max_miles: number; factor: number }[];
  beyond_last_tier_factor: number;
  /** Descending `min_deductible` (dollars); the first one the deductible reaches wins. */
  deductible_factors: { min_deductible: number; factor: number }[];
  /** Mobile: base_factor + per_100_sqft x (length x width in feet / 100), capped at max_factor. */
  mobile: { base_factor: number; per_100_sqft: number; max_factor: number };
  /** Dollars per $100 of a purchased coverage extra. */
  purchased_extra_rate_per_100: number;
  /** Flat dollars added to every sandbox premium. */
  policy_fee: number;
}

/**
 * Which quote coverages are compared with the application document (a quote's `differences`).
 * `asked` is the document field holding what the agent asked for, `asked_by_product` overrides it
 * per product (an Excess quote's building_limit is the excess layer). A value in `none_values`
 * (or an empty one) means "not asked" on the document side and "not included" on the quote side.
 */
export interface QuoteCoverageMap {
  none_values: (number | string)[];
  compared: { coverage: string; asked: string; asked_by_product?: Record<string, string> }[];
}

/** The whole of carriers.json. */
export interface CarriersFile {
  carriers: CarrierEntry[];
  sandbox_rating: SandboxRatingTable;
  quote_coverages: QuoteCoverageMap;
  /** Live carrier rating APIs by connection id (server/quoting/http, issue 19). */
  connections?: Record<string, HttpConnection>;
}
