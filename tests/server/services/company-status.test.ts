/** Trial, subscription and expiry-days rules of SPEC §6, as properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daysUntil,
  isTrialActive,
  trialRemainingDays,
} from '../../../server/services/company-status.ts';

const now = new Date('2026-06-15T12:00:00Z');
const offsetMs = fc.integer({ min: -400 * DAY_MS, max: 400 * DAY_MS });
const company = fc.record({
  trial_ends_at: fc.option(
    offsetMs.map((ms) => new Date(now.getTime() + ms)),
    { nil: null },
  ),
  is_trial_disabled: fc.boolean(),
  has_active_subscription: fc.boolean(),
});

describe('company status', () => {
  it('rounds the days to a date up: d-1 < days <= d for any offset', () => {
    fc.assert(
      fc.property(offsetMs, (ms) => {
        const days = daysUntil(new Date(now.getTime() + ms), now) as number;
        expect(days).toBeGreaterThanOrEqual(ms / DAY_MS);
        expect(days - 1).toBeLessThan(ms / DAY_MS);
        expect(Object.is(days, -0)).toBe(false);
      }),
    );
  });

  it('answers null for a missing or invalid date', () => {
    for (const value of [null, undefined, '', 'not a date', '2026-13-45'])
      expect(daysUntil(value, now)).toBeNull();
    expect(daysUntil('2026-06-16', now)).toBe(1);
  });

  it('is active in trial exactly when an end exists, days remain and it is not disabled', () => {
    fc.assert(
      fc.property(company, (c) => {
        const remaining = trialRemainingDays(c, now);
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(isTrialActive(c, now)).toBe(c.trial_ends_at !== null && remaining > 0 && !c.is_trial_disabled);
      }),
    );
  });
});
