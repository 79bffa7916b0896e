import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import workingHours from '../../../schemas/constants/working-hours.json' with { type: 'json' };
import {
  isItWorkingHour,
  isWorkingMoment,
  nextWorkingMoment,
  type WorkingHours,
  workingHoursIn,
} from '../../../server/services/is-it-working-hour.ts';

describe('isItWorkingHour (schemas/constants/working-hours.json)', () => {
  it('is true on a weekday afternoon and false at night and on Sunday (New York time)', () => {
    expect(workingHours.time_zone).toBe('America/New_York');
    expect(isItWorkingHour(new Date('2026-11-18T18:00:00Z'))).toBe(true); // Wed 13:00 EST
    expect(isItWorkingHour(new Date('2026-11-18T14:00:00Z'))).toBe(true); // Wed 09:00 EST
    expect(isItWorkingHour(new Date('2026-11-18T13:59:00Z'))).toBe(false); // Wed 08:59 EST
    expect(isItWorkingHour(new Date('2026-11-18T23:00:00Z'))).toBe(false); // Wed 18:00 EST
    expect(isItWorkingHour(new Date('2026-11-22T18:00:00Z'))).toBe(false); // Sun
  });

  it('answers as isWorkingMoment minute by minute across both 2026 clock changes and an opening', () => {
    for (const start of ['2026-03-08T05:00:00Z', '2026-11-01T04:00:00Z', '2026-11-18T13:00:00Z']) {
      for (let minute = 0; minute < 24 * 60; minute += 1) {
        const now = new Date(Date.parse(start) + minute * 60_000 + 59_999);
        expect(isItWorkingHour(now), now.toISOString()).toBe(isWorkingMoment(now, workingHours));
      }
    }
  });

  it('agrees with an independent reading of the clock (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (date) => {
          const local = new Date(date.toLocaleString('en-US', { timeZone: workingHours.time_zone }));
          const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][local.getDay()];
          const hour = local.getHours();
          const expected =
            workingHours.days.includes(day) &&
            hour >= workingHours.start_hour &&
            hour < workingHours.end_hour;
          expect(isItWorkingHour(date)).toBe(expected);
        },
      ),
    );
  });
});

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Europe/London',
  'UTC',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Arbitrary working hours: a zone, at least one day, start_hour < end_hour. */
const hoursArbitrary = fc
  .record({
    time_zone: fc.constantFrom(...ZONES),
    days: fc.subarray(WEEKDAYS, { minLength: 1 }),
    start: fc.integer({ min: 0, max: 23 }),
    length: fc.integer({ min: 1, max: 24 }),
  })
  .map(
    ({ time_zone, days, start, length }): WorkingHours => ({
      time_zone,
      days,
      start_hour: start,
      end_hour: Math.min(24, start + length),
    }),
  );

describe('nextWorkingMoment (issue 14 auto-send)', () => {
  it('is Monday 09:00 New York for a Saturday morning, and the moment itself inside hours', () => {
    const hours = workingHoursIn('America/New_York');
    expect(nextWorkingMoment(new Date('2026-11-21T15:00:00Z'), hours).toISOString()).toBe(
      '2026-11-23T14:00:00.000Z',
    );
    expect(nextWorkingMoment(new Date('2026-11-18T23:30:00Z'), hours).toISOString()).toBe(
      '2026-11-19T14:00:00.000Z',
    );
    const inside = new Date('2026-11-18T18:07:13Z');
    expect(nextWorkingMoment(inside, hours)).toBe(inside);
    expect(() => nextWorkingMoment(inside, { ...hours, days: [] })).toThrow(RangeError);
  });

  it('answers the first working moment at or after now (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        hoursArbitrary,
        (now, hours) => {
          const next = nextWorkingMoment(now, hours);
          expect(isWorkingMoment(next, hours)).toBe(true);
          expect(next.getTime()).toBeGreaterThanOrEqual(now.getTime());
          // Within a week and a day; nothing in between is a working moment: the minute before an
          // opening is closed, and every quarter hour from now up to it is too.
          expect(next.getTime() - now.getTime()).toBeLessThan(8 * 24 * 3_600_000);
          if (next.getTime() !== now.getTime()) {
            expect(isWorkingMoment(now, hours)).toBe(false);
            expect(isWorkingMoment(new Date(next.getTime() - 60_000), hours)).toBe(false);
            for (let t = now.getTime(); t < next.getTime(); t += 15 * 60_000) {
              expect(isWorkingMoment(new Date(t), hours)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
