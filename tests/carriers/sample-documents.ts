/**
 * Complete documents per product for the carrier tests, with the field names of
 * schemas/application/*.schema.json. Values are typical of a Florida single-family risk.
 */
import type { Doc, RuleContext } from '../../engine/types.ts';

export const primaryDocument: Doc = {
  state: 'FL',
  zip: '33139',
  occupancy_type: 'Single Family',
  year_build: '1998',
  num_of_stories: 2,
  building_replacement_cost: 400000,
  building_limit: 250000,
  contents_limit: 100000,
  deductible: 5000,
  flood_zone: 'AE',
  elevation_difference: 1,
  foundation_type: 'Slab',
  distance_to_coast: 2,
  distance_to_coast_unit: 'miles',
  loss_of_use: 0,
};

export const excessDocument: Doc = {
  ...primaryDocument,
  building_replacement_cost: 1200000,
  excess_building_limit: 750000,
  excess_contents_limit: 150000,
};

export const mobileDocument: Doc = {
  ...primaryDocument,
  occupancy_type: 'Single Family',
  building_limit: 80000,
  contents_limit: 20000,
  building_replacement_cost: 90000,
  foundation_type: 'Piers/Posts/Piles',
  mobile_home_length: 70,
  mobile_home_width: 14,
};

export const commercialDocument: Doc = {
  ...primaryDocument,
  occupancy_type: 'Non-Residential',
  building_limit: 500000,
  contents_limit: 250000,
  building_replacement_cost: 900000,
};

/** The context a document is launched in. */
export function contextFor(product: string): RuleContext {
  return { product, application_type: 'flood', status: 'new' };
}
