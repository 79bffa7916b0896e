/**
 * Bulk upload files for tests, the e2e journey and the bench (issue 13): a header and `count`
 * property rows built from the Residential Primary example of schemas/examples, addresses
 * varied, city/state/county left to the ZIP look-up; every `badEvery`-th row is refused for one
 * reason in turn (a sqft that is no number, an unknown ZIP, a state the demo agent is not licensed
 * in, a deductible that is no option).
 */
import { stringify } from 'csv-stringify/sync';
import example from '../../schemas/examples/primary.json' with { type: 'json' };

/**
 * The columns: the client's name, phone and e-mail (no placeholder fills them: issue 40) and what
 * a Residential Primary application needs to pass the form (the example's other fields have
 * defaults or are optional), plus the deductible; city,
 * state and county are left to the ZIP look-up. About 200 bytes a row.
 */
const COLUMNS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'address1',
  'zip',
  'flood_zone',
  'year_build',
  'sqft',
  'construction_type',
  'num_of_stories',
  'occupancy_type',
  'building_use',
  'foundation_type',
  'building_limit',
  'contents_limit',
  'building_replacement_cost',
  'contents_replacement_cost',
  'deductible',
  'underwriting_mobile_home_type',
  'underwriting_prior_flood_loss',
  'underwriting_over_water',
  'underwriting_under_construction',
  'underwriting_cbra_zone',
  'underwriting_non_participating_community',
] as const;

/** Florida ZIP codes the look-up knows (the demo agent is licensed in FL). */
const ZIPS = ['33139', '33101', '32801', '33602', '32301', '33401'];

/** Why a bad row is refused, in turn. */
export const BAD_REASONS = ['sqft', 'zip', 'state', 'deductible'] as const;

/** The header: field keys, except a few given as their form labels (mapping proposes both). */
export function bulkHeader(): string[] {
  const labels: Record<string, string> = { first_name: 'First Name', zip: 'Zip', year_build: 'Year Built' };
  return COLUMNS.map((key) => labels[key] ?? key);
}

/** Row `i` (0-based): valid, or bad for BAD_REASONS[(i / badEvery) % 4] when (i + 1) % badEvery === 0. */
export function bulkRow(i: number, badEvery = 0): string[] {
  const cells = COLUMNS.map((key) => String(example[key]));
  const set = (field: (typeof COLUMNS)[number], value: string) => {
    cells[COLUMNS.indexOf(field)] = value;
  };
  set('address1', `${100 + i} Ocean Dr`);
  set('zip', ZIPS[i % ZIPS.length]);
  set('last_name', `Client${i}`);
  if (badEvery && (i + 1) % badEvery === 0) {
    const reason = BAD_REASONS[Math.floor(i / badEvery) % BAD_REASONS.length];
    if (reason === 'sqft') set('sqft', 'big');
    if (reason === 'zip') set('zip', '00000');
    if (reason === 'state') set('zip', '90210');
    if (reason === 'deductible') set('deductible', '3000');
  }
  return cells;
}

/** A CSV file (csv-stringify) of the header and rows 0..count-1. */
export function bulkCsv(count: number, badEvery = 0): string {
  const rows = [bulkHeader()];
  for (let i = 0; i < count; i += 1) rows.push(bulkRow(i, badEvery));
  return stringify(rows);
}
