/**
 * The working-hour flag of /api/is-it-working-hour, from schemas/constants/working-hours.json:
 * in its time zone, the weekday is listed and start_hour <= hour < end_hour. SPEC §4, §7.
 */
import workingHours from '../../schemas/constants/working-hours.json' with { type: 'json' };

const format = new Intl.DateTimeFormat('en-US', {
  timeZone: workingHours.time_zone,
  weekday: 'short',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** True when `now` falls in the configured working hours. */
export function isItWorkingHour(now: Date): boolean {
  const parts = format.formatToParts(now);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? Number.NaN);
  return (
    workingHours.days.includes(weekday) && hour >= workingHours.start_hour && hour < workingHours.end_hour
  );
}
