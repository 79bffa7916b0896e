/** Two-letter state and territory codes of schemas/constants/us-states.json (SPEC §3). */
import usStates from '../../schemas/constants/us-states.json' with { type: 'json' };
import { ApiError } from '../http/api-error.ts';

/** Every code, in the file's order. */
export const STATE_CODES: string[] = usStates.oneOf.map((option) => option.const);

/**
 * The codes upper-cased and de-duplicated in order; throws ApiError 422 `Unknown state: XX.` for
 * the first code not in STATE_CODES.
 */
export function checkStateCodes(codes: string[], field: string): string[] {
  const known = new Set(STATE_CODES);
  const result: string[] = [];
  for (const raw of codes) {
    const code = raw.trim().toUpperCase();
    if (!known.has(code)) {
      const message = `Unknown state: ${raw}.`;
      throw new ApiError(422, message, { [field]: message });
    }
    if (!result.includes(code)) result.push(code);
  }
  return result;
}
