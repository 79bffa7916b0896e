import type { SandboxRatingTable } from '../../carrier-catalog/carriers-file-types.ts';
import type { Doc } from '../../engine/index.ts';
import { distanceInMiles } from './distance-in-miles.ts';
import { documentNumber } from './document-number.ts';

/** What the sandbox formula rates besides the document. */
export interface SandboxRateOptions {
  /** "Primary" | "Excess" | "Mobile" | "Commercial" (ctx.product). */
  product: string;
  /** The carrier's sandbox_rate_factor from carriers.json. */
  carrierFactor: number;
  /** Dollars of coverage extras the agent bought on top of the included ones (e.g. extra living expense). */
  purchasedExtras: number;
}

/** The document fields holding the rated limits: the excess layer for Excess, else the primary limits. */
export function ratedLimitFields(product: string): { building: string; contents: string } {
  return product === 'Excess'
    ? { building: 'excess_building_limit', contents: 'excess_contents_limit' }
    : { building: 'building_limit', contents: 'contents_limit' };
}

/** Zone factor: first `zone_prefix` the FEMA zone starts with (V before A), else other_zone_factor. */
export function zoneFactor(floodZone: unknown, table: SandboxRatingTable): number {
  const zone = typeof floodZone === 'string' ? floodZone.trim().toUpperCase() : '';
  const match = table.zone_factors.find((entry) => zone.startsWith(entry.zone_prefix.toUpperCase()));
  return match ? match.factor : table.other_zone_factor;
}

/** Elevation factor: 1 - per_foot x feet above BFE (negative below), clamped; a missing value rates as 0 ft. */
export function elevationFactor(elevationDifference: unknown, table: SandboxRatingTable): number {
  const feet = documentNumber(elevationDifference) ?? 0;
  const { per_foot, min_factor, max_factor } = table.elevation;
  return Math.min(max_factor, Math.max(min_factor, 1 - per_foot * feet));
}

/** Foundation factor: first entry whose `contains` occurs in the foundation type, case-insensitive. */
export function foundationFactor(foundationType: unknown, table: SandboxRatingTable): number {
  const text = typeof foundationType === 'string' ? foundationType.toLowerCase() : '';
  const match = table.foundation_factors.find((entry) => text.includes(entry.contains.toLowerCase()));
  return match ? match.factor : table.other_foundation_factor;
}

/**
 * Distance-to-coast factor: the first tier whose max_miles the distance (converted from its
 * unit) does not exceed. A missing distance rates as the nearest tier: unknown is not a credit.
 * Throws for an unknown unit (see distanceInMiles).
 */
export function distanceFactor(distance: unknown, unit: unknown, table: SandboxRatingTable): number {
  const miles = distanceInMiles(documentNumber(distance), unit);
  const tiers = table.distance_to_coast_tiers;
  if (miles === null) return tiers.length > 0 ? tiers[0].factor : table.beyond_last_tier_factor;
  const tier = tiers.find((entry) => miles <= entry.max_miles);
  return tier ? tier.factor : table.beyond_last_tier_factor;
}

/** Deductible credit: the first tier (descending min_deductible, dollars) the deductible reaches. */
export function deductibleFactor(deductible: unknown, table: SandboxRatingTable): number {
  const amount = documentNumber(deductible) ?? 0;
  const tier = table.deductible_factors.find((entry) => amount >= entry.min_deductible);
  return tier ? tier.factor : 1;
}

/** Mobile size factor from length x width in feet; 1 for any other product. */
export function mobileFactor(doc: Doc, product: string, table: SandboxRatingTable): number {
  if (product !== 'Mobile') return 1;
  const length = Math.max(0, documentNumber(doc.mobile_home_length) ?? 0);
  const width = Math.max(0, documentNumber(doc.mobile_home_width) ?? 0);
  const { base_factor, per_100_sqft, max_factor } = table.mobile;
  return Math.min(max_factor, base_factor + (per_100_sqft * length * width) / 100);
}

/**
 * The sandbox annual premium in whole dollars (docs/sandbox-rating.md):
 * (building/100 x building rate + contents/100 x contents rate)
 *   x zone x elevation x foundation x distance x deductible x mobile x carrier factor
 * + purchased extras/100 x purchased_extra_rate_per_100 + policy_fee,
 * rounded, and never below the product's minimum premium. Deterministic: same input, same premium.
 * Throws `Error('No sandbox rates for product <product>')` for a product without rates.
 * ARCHITECTURE §Carriers (the sandbox connector).
 */
export function sandboxRate(doc: Doc, options: SandboxRateOptions, table: SandboxRatingTable): number {
  const rates = table.rates_per_100[options.product];
  if (!rates) throw new Error(`No sandbox rates for product ${options.product}`);
  const fields = ratedLimitFields(options.product);
  const building = Math.max(0, documentNumber(doc[fields.building]) ?? 0);
  const contents = Math.max(0, documentNumber(doc[fields.contents]) ?? 0);
  const base = (building / 100) * rates.building + (contents / 100) * rates.contents;
  const risk =
    zoneFactor(doc.flood_zone, table) *
    elevationFactor(doc.elevation_difference, table) *
    foundationFactor(doc.foundation_type, table) *
    distanceFactor(doc.distance_to_coast, doc.distance_to_coast_unit, table) *
    deductibleFactor(doc.deductible, table) *
    mobileFactor(doc, options.product, table) *
    options.carrierFactor;
  const extras = (Math.max(0, options.purchasedExtras) / 100) * table.purchased_extra_rate_per_100;
  const premium = Math.round(base * risk + extras + table.policy_fee);
  return Math.max(rates.minimum_premium, premium);
}
