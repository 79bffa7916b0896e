/** Statute miles per unit of SPEC §9 "Distance units: ft, meter, km, miles". */
const MILES_PER_UNIT: Record<string, number> = {
  ft: 1 / 5280,
  meter: 1 / 1609.344,
  km: 1 / 1.609344,
  miles: 1,
};

/**
 * A distance converted to miles. `unit` is one of ft, meter, km, miles (SPEC §9); an empty unit
 * means miles, the SPEC §3 default of distance_to_coast's unit. Returns null for a missing or
 * negative distance. Throws `Error('Unknown distance unit <unit>')` for any other unit.
 */
export function distanceInMiles(distance: number | null, unit: unknown): number | null {
  if (distance === null || distance < 0) return null;
  const key = unit === undefined || unit === null || unit === '' ? 'miles' : String(unit);
  const factor = MILES_PER_UNIT[key];
  if (factor === undefined) throw new Error(`Unknown distance unit ${key}`);
  return distance * factor;
}
