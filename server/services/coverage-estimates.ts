/**
 * The coverage estimates the pre-fill proposes (issue 40 "Estimates, confirmed by the agent, never
 * invented answers"): replacement costs from living area and construction, limits from the NFIP
 * maximums capped by those costs, by the table in server/config/coverage-estimates.json.
 * Pure: no database, no clock. docs/decisions/758-prefill-in-the-background-and-estimates.md.
 */
import table from '../config/coverage-estimates.json' with { type: 'json' };

/** The estimate table's shape (server/config/coverage-estimates.json); dollars and dollars per sq ft. */
export interface EstimateTable {
  products: string[];
  application_types: string[];
  source: string;
  rates_per_sqft: Record<string, number>;
  condo_unit_rate_per_sqft: number;
  contents_share: number;
  round_to: number;
  nfip_max_building_limit: number;
  nfip_max_contents_limit: number;
}

/** The table in server/config/coverage-estimates.json. */
export const COVERAGE_ESTIMATES: EstimateTable = table;

/** The fields an estimate may fill, in the order each depends on the one before. */
export const ESTIMATED_FIELDS = [
  'building_replacement_cost',
  'contents_replacement_cost',
  'building_limit',
  'contents_limit',
] as const;
export type EstimatedField = (typeof ESTIMATED_FIELDS)[number];

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/** `amount` rounded up to a whole `step` (dollars). */
const roundUp = (amount: number, step: number) => Math.ceil(amount / step) * step;

/**
 * The estimate of `field` for `doc` (dollars), or null when the document lacks what it is made
 * from: building replacement cost needs `sqft` and a `construction_type` of the table (or a
 * `occupancy_type` "Condo Unit"); contents replacement cost and building limit need a building
 * replacement cost; contents limit needs a contents replacement cost. Each reads the document's
 * current values, so a cost the agent typed caps the limits estimated after it.
 */
export function estimateField(
  field: EstimatedField,
  doc: Record<string, unknown>,
  rules: EstimateTable = COVERAGE_ESTIMATES,
): number | null {
  switch (field) {
    case 'building_replacement_cost': {
      const sqft = positive(doc.sqft);
      const rate =
        doc.occupancy_type === 'Condo Unit'
          ? rules.condo_unit_rate_per_sqft
          : typeof doc.construction_type === 'string' &&
              Object.hasOwn(rules.rates_per_sqft, doc.construction_type)
            ? rules.rates_per_sqft[doc.construction_type]
            : null;
      return sqft === null || rate === null ? null : roundUp(sqft * rate, rules.round_to);
    }
    case 'contents_replacement_cost': {
      const building = positive(doc.building_replacement_cost);
      return building === null ? null : roundUp(building * rules.contents_share, rules.round_to);
    }
    case 'building_limit': {
      const building = positive(doc.building_replacement_cost);
      return building === null ? null : Math.min(rules.nfip_max_building_limit, building);
    }
    case 'contents_limit': {
      const contents = positive(doc.contents_replacement_cost);
      return contents === null ? null : Math.min(rules.nfip_max_contents_limit, contents);
    }
  }
}
