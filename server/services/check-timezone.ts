/** IANA time zone names (e.g. "America/New_York"), as the runtime's Intl knows them. */
import { ApiError } from '../http/api-error.ts';

export const UNKNOWN_TIMEZONE = 'Unknown timezone.';

/** Throws ApiError 422 'Unknown timezone.' (error_obj on `field`) unless `timezone` is null or a zone Intl accepts. */
export function checkTimezone(timezone: string | null | undefined, field: string): void {
  if (timezone === null || timezone === undefined) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw new ApiError(422, UNKNOWN_TIMEZONE, { [field]: UNKNOWN_TIMEZONE });
  }
}
