/** The recent-time check (SPEC §9: 1 minute by default) and the "Just now" it shows. */

import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { RECENT_TIME_MS } from '../../portal/lib/constants.ts';
import { formatWhen, isRecent } from '../../portal/lib/format-when.ts';

const NOW = Date.parse('2026-11-24T15:00:00Z');

describe('isRecent', () => {
  it('defaults to one minute', () => {
    expect(RECENT_TIME_MS).toBe(60_000);
    expect(isRecent(new Date(NOW - 59_999), NOW)).toBe(true);
    expect(isRecent(new Date(NOW - 60_000), NOW)).toBe(false);
    // A server clock slightly ahead still reads as recent.
    expect(isRecent(new Date(NOW + 5_000), NOW)).toBe(true);
    expect(isRecent('not a date', NOW)).toBe(false);
  });

  it('holds exactly for times closer to now than the window, for any window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -600_000, max: 600_000 }),
        fc.integer({ min: 1, max: 300_000 }),
        (offset, within) => {
          expect(isRecent(new Date(NOW + offset).toISOString(), NOW, within)).toBe(Math.abs(offset) < within);
        },
      ),
    );
  });
});

describe('formatWhen', () => {
  it('says "Just now" within the minute, else the date in the given format', () => {
    expect(formatWhen(new Date(NOW - 30_000).toISOString(), 'MMM D, YYYY', NOW)).toBe('Just now');
    expect(formatWhen('2026-11-20T10:00:00', 'MMM D, YYYY', NOW, null)).toBe('Nov 20, 2026');
    expect(formatWhen('garbage', 'MMM D, YYYY', NOW)).toBe('garbage');
  });

  it("shows the date in the user's time zone, or the browser's when none or an unknown one is set", () => {
    const at = '2026-11-20T15:30:00.000Z';
    expect(formatWhen(at, 'MMM D, YYYY h:mm A', NOW, 'America/New_York')).toBe('Nov 20, 2026 10:30 AM');
    expect(formatWhen(at, 'MMM D, YYYY h:mm A', NOW, 'Asia/Tokyo')).toBe('Nov 21, 2026 12:30 AM');
    const browsers = dayjs(at).format('MMM D, YYYY h:mm A');
    expect(formatWhen(at, 'MMM D, YYYY h:mm A', NOW, null)).toBe(browsers);
    expect(formatWhen(at, 'MMM D, YYYY h:mm A', NOW, 'Mars/Olympus_Mons')).toBe(browsers);
  });

  it("reads the time zone from the signed-in user's settings", () => {
    localStorage.clear();
    reloadAuthFromStorage();
    setSession('sk-1', { id: 7, name: 'Alex' }, null, { timezone: 'America/Chicago' });
    expect(formatWhen('2026-11-20T15:30:00.000Z', 'h:mm A', NOW)).toBe('9:30 AM');
  });
});
