/**
 * Statement-of-values rows: prefilled from the saved statement or the application document, and
 * checked before they are sent. docs/api.md sov/* (issue 3), SPEC §9 (stories 1 to 100, 4-digit years).
 */
import type { SovBuilding, SovQuoteData, SovSubmittedBuilding } from '../api/sov-quote-types.ts';

/** Stories per building: 1 to 100. SPEC §9. */
export const SOV_STORIES_MIN = 1;
/** Stories per building: 1 to 100. SPEC §9. */
export const SOV_STORIES_MAX = 100;
/** Oldest year built accepted on a statement of values. */
export const SOV_YEAR_BUILT_MIN = 1800;

/** An empty building row. */
export function emptySovBuilding(): SovBuilding {
  return {
    location: '',
    building_value: null,
    contents_value: null,
    business_income: null,
    construction: '',
    occupancy: '',
    year_built: null,
    stories: null,
  };
}

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.replace(/[$,\s]/g, ''));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

function normalize(row: Partial<Record<keyof SovBuilding, unknown>>): SovBuilding {
  return {
    location: text(row.location),
    building_value: num(row.building_value),
    contents_value: num(row.contents_value),
    business_income: num(row.business_income),
    construction: text(row.construction),
    occupancy: text(row.occupancy),
    year_built: num(row.year_built),
    stories: num(row.stories),
  };
}

/**
 * The rows to edit: the statement's buildings (saved, or the server's prefilled one), else one
 * row prefilled from the application document (address, building replacement cost or limit, contents
 * limit, annual business income, construction, commercial building type, year built, stories).
 */
export function initialSovBuildings(
  data: Pick<SovQuoteData, 'statement_of_values' | 'application'>,
): SovBuilding[] {
  const saved = data.statement_of_values.buildings;
  if (saved.length > 0) return saved.map((row) => normalize(row));
  const doc = data.application.payload.useable_details;
  return [
    normalize({
      location: text(doc.searched_address) || text(doc.address),
      building_value: num(doc.building_replacement_cost) ?? num(doc.building_limit),
      contents_value: num(doc.contents_replacement_cost) ?? num(doc.contents_limit),
      business_income: num(doc.annual_business_income),
      construction: doc.construction_type,
      occupancy: doc.commercial_building_type,
      year_built: doc.year_build,
      stories: doc.num_of_stories,
    }),
  ];
}

/** Errors of one row, by field; empty when the row can be sent. */
export type SovRowErrors = Partial<Record<keyof SovBuilding, string>>;

/**
 * Checks one row: location, construction and occupancy present; money (dollars) whole and not
 * negative, building value above 0; year built 4 digits from 1800 to next year; stories 1 to 100.
 */
export function sovBuildingErrors(row: SovBuilding, currentYear = new Date().getFullYear()): SovRowErrors {
  const errors: SovRowErrors = {};
  if (!row.location.trim()) errors.location = 'Location cannot be empty!';
  if (row.building_value === null) errors.building_value = 'Building value cannot be empty!';
  else if (row.building_value <= 0) errors.building_value = 'Building value must be greater than 0';
  for (const key of ['contents_value', 'business_income'] as const) {
    const value = row[key];
    const label = key === 'contents_value' ? 'Contents value' : 'Business income';
    if (value === null) errors[key] = `${label} cannot be empty!`;
    else if (value < 0) errors[key] = `${label} cannot be negative`;
  }
  if (!row.construction.trim()) errors.construction = 'Construction cannot be empty!';
  if (!row.occupancy.trim()) errors.occupancy = 'Occupancy cannot be empty!';
  if (row.year_built === null) errors.year_built = 'Year built cannot be empty!';
  else if (
    !Number.isInteger(row.year_built) ||
    row.year_built < SOV_YEAR_BUILT_MIN ||
    row.year_built > currentYear + 1
  )
    errors.year_built = `Year built must be a year from ${SOV_YEAR_BUILT_MIN} to ${currentYear + 1}`;
  if (row.stories === null) errors.stories = 'Stories cannot be empty!';
  else if (!Number.isInteger(row.stories) || row.stories < SOV_STORIES_MIN || row.stories > SOV_STORIES_MAX)
    errors.stories = `Stories must be between ${SOV_STORIES_MIN} and ${SOV_STORIES_MAX}`;
  return errors;
}

/**
 * The rows as submit-statement-of-values takes them: null while any row still lacks a number
 * (sovBuildingErrors names it), so only checked rows are sent.
 */
export function submittableSovBuildings(rows: SovBuilding[]): SovSubmittedBuilding[] | null {
  const submittable: SovSubmittedBuilding[] = [];
  for (const row of rows) {
    const { building_value, contents_value, business_income, year_built, stories } = row;
    if (
      building_value === null ||
      contents_value === null ||
      business_income === null ||
      year_built === null ||
      stories === null
    )
      return null;
    submittable.push({ ...row, building_value, contents_value, business_income, year_built, stories });
  }
  return submittable;
}

/** Totals of a statement in dollars: building, contents, business income and all three. */
export function sovTotals(rows: SovBuilding[]): {
  building: number;
  contents: number;
  business_income: number;
  total: number;
} {
  const sum = (key: 'building_value' | 'contents_value' | 'business_income') =>
    rows.reduce((acc, row) => acc + (row[key] ?? 0), 0);
  const building = sum('building_value');
  const contents = sum('contents_value');
  const businessIncome = sum('business_income');
  return { building, contents, business_income: businessIncome, total: building + contents + businessIncome };
}
