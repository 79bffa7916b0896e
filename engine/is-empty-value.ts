/**
 * True for a value the required check treats as not filled: null, undefined, a string that is
 * blank after trimming, or an empty array. 0 and false are filled. SPEC §5 Field rules
 * ("Each field is required unless noted"); docs/schema-format.md step 3.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}
