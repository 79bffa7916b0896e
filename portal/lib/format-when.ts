/**
 * When something happened, as the listing, the dashboard and the notes show it: "Just now" within
 * the recent-time window (SPEC §9: 1 minute by default), else the date in `format` (dayjs tokens)
 * in the user's time zone setting (issue 20: user settings apply; none set: the company's, then the browser's).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { RECENT_TIME_MS } from './constants.ts';
import { userTimeZone } from './user-settings.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** True when `time` lies within `withinMs` of `now` either way (a server clock a little ahead counts). */
export function isRecent(
  time: string | Date,
  now: number = Date.now(),
  withinMs: number = RECENT_TIME_MS,
): boolean {
  const at = new Date(time).getTime();
  return Number.isFinite(at) && Math.abs(now - at) < withinMs;
}

/** A zone name the browser knows (an unknown stored name falls back to the browser's zone). */
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An instant `time` (ISO) in `format` (dayjs tokens) in `zone` (an IANA name such as
 * `America/New_York`; default the user's setting, then the company's; null or unknown: the
 * browser's zone); an unreadable time is shown as given. Every timestamp the portal shows goes
 * through here (issue 20); calendar days (`YYYY-MM-DD`: an expiry, an effective date) do not.
 */
export function formatInUserZone(time: string, format: string, zone: string | null = userTimeZone()): string {
  const parsed = dayjs(time);
  if (!parsed.isValid()) return time;
  return (zone && isKnownTimeZone(zone) ? parsed.tz(zone) : parsed).format(format);
}

/** "Just now" for a recent `time`, else formatInUserZone(time, format, zone). */
export function formatWhen(
  time: string,
  format: string,
  now: number = Date.now(),
  zone: string | null = userTimeZone(),
): string {
  if (isRecent(time, now)) return 'Just now';
  return formatInUserZone(time, format, zone);
}
