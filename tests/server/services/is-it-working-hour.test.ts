import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import workingHours from '../../../schemas/constants/working-hours.json' with { type: 'json' };
import { isItWorkingHour } from '../../../server/services/is-it-working-hour.ts';

describe('isItWorkingHour (schemas/constants/working-hours.json)', () => {
  it('is true on a weekday afternoon and false at night and on Sunday (New York time)', () => {
    expect(workingHours.time_zone).toBe('America/New_York');
    expect(isItWorkingHour(new Date('2026-11-18T18:00:00Z'))).toBe(true); // Wed 13:00 EST
    expect(isItWorkingHour(new Date('2026-11-18T14:00:00Z'))).toBe(true); // Wed 09:00 EST
    expect(isItWorkingHour(new Date('2026-11-18T13:59:00Z'))).toBe(false); // Wed 08:59 EST
    expect(isItWorkingHour(new Date('2026-11-18T23:00:00Z'))).toBe(false); // Wed 18:00 EST
    expect(isItWorkingHour(new Date('2026-11-22T18:00:00Z'))).toBe(false); // Sun
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
