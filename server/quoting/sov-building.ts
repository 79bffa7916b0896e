/**
 * One building of a statement of values (issue 3 sov-quote page). Money in dollars (annual for
 * business income); year_built a 4-digit year; stories 1 to 100 (SPEC §9).
 */
export interface SovBuilding {
  location: string;
  building_value: number;
  contents_value: number;
  business_income: number;
  construction: string;
  occupancy: string;
  year_built: number;
  stories: number;
}
