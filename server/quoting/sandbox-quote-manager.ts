/**
 * The sandbox quote manager: what answers a statement of values for every managed-program (SOV)
 * carrier, keyed by its quoteManagerId, until a real quote manager is configured. Deterministic
 * and indicative; the formula is docs/sandbox-rating.md "Statements of values".
 */

import type { SovCarrier } from '../../carrier-catalog/sov-carriers.ts';
import type { Doc } from '../../engine/index.ts';
import sandboxSovRatingJson from './sandbox-sov-rating.json' with { type: 'json' };
import type { SovBuilding } from './sov-building.ts';
import type { QuoteAnswer } from './types.ts';

/** Parameters of the statement-of-values rate (server/quoting/sandbox-sov-rating.json). Dollars. */
export interface SandboxSovRating {
  rates_per_100: { building: number; contents: number; business_income: number };
  /** First entry whose `contains` occurs in the construction (case-insensitive) wins. */
  construction_factors: { contains: string; factor: number }[];
  other_construction_factor: number;
  /** Ascending `before`; the first tier the year is below wins. */
  year_built_tiers: { before: number; factor: number }[];
  newer_factor: number;
  /** Ascending `max_stories`; the first tier the stories fit in wins. */
  story_tiers: { max_stories: number; factor: number }[];
  taller_factor: number;
  quote_manager_factors: Record<string, number>;
  other_quote_manager_factor: number;
  minimum_premium: number;
  policy_fee: number;
}

export const sandboxSovRating: SandboxSovRating = sandboxSovRatingJson;

/** What a quote manager is asked: the carrier, the statement's buildings and the document. */
export interface SovQuoteRequest {
  carrier: SovCarrier;
  buildings: SovBuilding[];
  document: Doc;
}

/** A managed-program carrier's quote manager. Must settle or honour `signal`. */
export interface QuoteManager {
  /** The quoteManagerId it answers for. */
  id: string;
  quote(request: SovQuoteRequest, signal?: AbortSignal): Promise<QuoteAnswer>;
}

/**
 * Indicative premium of one building in dollars before the minimum, the quote manager factor and
 * the fee: (building x b + contents x c + business income x bi) / 100 x construction x age x
 * stories. docs/sandbox-rating.md Statements of values.
 */
export function sovBuildingPremium(
  building: SovBuilding,
  table: SandboxSovRating = sandboxSovRating,
): number {
  const { rates_per_100: rates } = table;
  const base =
    (building.building_value * rates.building +
      building.contents_value * rates.contents +
      building.business_income * rates.business_income) /
    100;
  const construction = building.construction.toLowerCase();
  const constructionFactor =
    table.construction_factors.find((entry) => construction.includes(entry.contains.toLowerCase()))?.factor ??
    table.other_construction_factor;
  const ageFactor =
    table.year_built_tiers.find((tier) => building.year_built < tier.before)?.factor ?? table.newer_factor;
  const storyFactor =
    table.story_tiers.find((tier) => building.stories <= tier.max_stories)?.factor ?? table.taller_factor;
  return base * constructionFactor * ageFactor * storyFactor;
}

/**
 * Indicative annual premium in whole dollars of a statement of values for one quote manager:
 * round(max(minimum, sum of building premiums) x quote manager factor + policy fee).
 * docs/sandbox-rating.md Statements of values.
 */
export function sovPremium(
  buildings: SovBuilding[],
  quoteManagerId: string,
  table: SandboxSovRating = sandboxSovRating,
): number {
  const sum = buildings.reduce((total, building) => total + sovBuildingPremium(building, table), 0);
  const factor = table.quote_manager_factors[quoteManagerId] ?? table.other_quote_manager_factor;
  return Math.round(Math.max(table.minimum_premium, sum) * factor + table.policy_fee);
}

/**
 * The sandbox quote manager for `quoteManagerId`: quotes every statement with sovPremium, and
 * coverages = the statement's totals (building_limit, contents_limit, business_income, dollars)
 * plus the document's deductible and the number of buildings. Indicative, never declines.
 */
export function sandboxQuoteManager(
  quoteManagerId: string,
  table: SandboxSovRating = sandboxSovRating,
): QuoteManager {
  return {
    id: quoteManagerId,
    async quote(request) {
      const { buildings, document } = request;
      const total = (key: 'building_value' | 'contents_value' | 'business_income') =>
        buildings.reduce((sum, building) => sum + building[key], 0);
      const coverages: Record<string, number> = {
        building_limit: total('building_value'),
        contents_limit: total('contents_value'),
        business_income: total('business_income'),
        buildings: buildings.length,
      };
      if (typeof document.deductible === 'number') coverages.deductible = document.deductible;
      return {
        status: 'quoted',
        premium: sovPremium(buildings, quoteManagerId, table),
        coverages,
        benefits: [],
        message: `Indicative quote for ${buildings.length} building${buildings.length === 1 ? '' : 's'}.`,
        indicative: true,
      };
    },
  };
}
