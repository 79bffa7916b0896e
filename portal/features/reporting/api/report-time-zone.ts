/**
 * The time zone a report's days are in (docs/decisions/410-report-days-in-the-users-time-zone-and-alert-colour.md):
 * the user's setting, then the company's (userTimeZone), then the browser's own zone.
 */
import { userTimeZone } from '../../../lib/user-settings.ts';

/** An IANA zone name, never empty ('UTC' when the browser names none). */
export function reportTimeZone(): string {
  return userTimeZone() ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** `YYYY-MM-DD` of the day `offset` days from today in `zone` (a report range's default ends). */
export function dayInZone(offset: number, zone: string = reportTimeZone()): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}
