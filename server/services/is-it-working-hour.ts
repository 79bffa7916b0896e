/**
 * Working hours (docs/decisions/006-working-hours.md): the flag of /api/is-it-working-hour (SPEC
 * §4, §7) and the next opening an automatic message waits for (issue 14,
 * docs/decisions/251-auto-send-working-hours.md). Days and hours come from
 * schemas/constants/working-hours.json; the time zone is the file's or an agency's own.
 */
import workingHours from '../../schemas/constants/working-hours.json' with { type: 'json' };

/** Working days (Intl short English weekday names) and hours (24-hour clock, end exclusive) in a time zone. */
export interface WorkingHours {
  time_zone: string;
  days: string[];
  start_hour: number;
  end_hour: number;
}

/** The product's working hours (Eastern time). */
export const DEFAULT_WORKING_HOURS: WorkingHours = workingHours;

/** Every real UTC offset is a whole number of quarter hours, so openings fall on quarter hours. */
const STEP_MS = 15 * 60_000;
/** Openings are looked for within this many quarter hours (8 days): a week always has one. */
const MAX_STEPS = 8 * 24 * 4;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The working hours of an agency whose time zone is `timeZone` (an IANA name, global.timezone). */
export function workingHoursIn(timeZone: string): WorkingHours {
  return { ...DEFAULT_WORKING_HOURS, time_zone: timeZone };
}

/** True when `now` falls in `hours`: in its time zone, the weekday is listed and start_hour <= hour < end_hour. */
export function isWorkingMoment(now: Date, hours: WorkingHours): boolean {
  const parts = formatFor(hours.time_zone).formatToParts(now);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? Number.NaN);
  return hours.days.includes(weekday) && hour >= hours.start_hour && hour < hours.end_hour;
}

/** The UTC quarter hour (index since the epoch) of the last isItWorkingHour answer, and that answer. */
let lastStep = Number.NaN;
let lastAnswer = false;

/**
 * True when `now` falls in the product's working hours. The answer is the same for every moment
 * of a UTC quarter hour (every UTC offset, and so every opening and closing, is a whole number of
 * quarter hours), so it is worked out once per quarter hour: every application view asks
 * (docs/decisions/631-get-application-cpu.md).
 */
export function isItWorkingHour(now: Date): boolean {
  const step = Math.floor(now.getTime() / STEP_MS);
  if (step !== lastStep) {
    lastAnswer = isWorkingMoment(now, DEFAULT_WORKING_HOURS);
    lastStep = step;
  }
  return lastAnswer;
}

/**
 * `now` when it is a working moment, else the first moment after it that is (the next opening:
 * a start_hour:00 of a working day, in `hours.time_zone`). Throws RangeError when `hours` has no
 * working moment in a week (no days, or start_hour >= end_hour).
 */
export function nextWorkingMoment(now: Date, hours: WorkingHours): Date {
  if (isWorkingMoment(now, hours)) return now;
  let candidate = Math.ceil(now.getTime() / STEP_MS) * STEP_MS;
  for (let step = 0; step < MAX_STEPS; step += 1, candidate += STEP_MS) {
    if (isWorkingMoment(new Date(candidate), hours)) return new Date(candidate);
  }
  throw new RangeError('These working hours have no working moment in a week.');
}
