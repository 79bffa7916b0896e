/**
 * When something happened, as the listing, the dashboard and the notes show it: "Just now" within
 * the recent-time window (SPEC §9: 1 minute by default), else the date in `format` (dayjs tokens).
 */
import dayjs from 'dayjs';
import { RECENT_TIME_MS } from './constants.ts';

/** True when `time` lies within `withinMs` of `now` either way (a server clock a little ahead counts). */
export function isRecent(
  time: string | Date,
  now: number = Date.now(),
  withinMs: number = RECENT_TIME_MS,
): boolean {
  const at = new Date(time).getTime();
  return Number.isFinite(at) && Math.abs(now - at) < withinMs;
}

/** "Just now" for a recent `time`, else `time` in `format`; an unreadable time is shown as given. */
export function formatWhen(time: string, format: string, now: number = Date.now()): string {
  if (isRecent(time, now)) return 'Just now';
  const parsed = dayjs(time);
  return parsed.isValid() ? parsed.format(format) : time;
}
