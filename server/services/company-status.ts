/**
 * Trial, subscription and expiry arithmetic of a company (SPEC §6): what the access decision and
 * the expiry alert decide on. Pure functions of the stored company and `now`.
 */
import { trialActive } from '../../access/access-decision.ts';

/** One day in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields of a company these rules read. */
export interface CompanyAccessFields {
  trial_ends_at: Date | null;
  is_trial_disabled: boolean;
  has_active_subscription: boolean;
}

/**
 * Rounded-up whole days from `now` until `date` (a Date, an ISO timestamp or `YYYY-MM-DD`),
 * negative when past; null when missing or not a valid date. SPEC §6 company expiry-days value.
 */
export function daysUntil(date: Date | string | null | undefined, now: Date = new Date()): number | null {
  if (date === null || date === undefined || date === '') return null;
  const time = date instanceof Date ? date.getTime() : Date.parse(date);
  if (!Number.isFinite(time)) return null;
  // `Math.ceil(-0.2)` is -0; answer a plain 0.
  return Math.ceil((time - now.getTime()) / DAY_MS) + 0;
}

/** Days left of the trial, rounded up, never below 0; 0 without a trial end. SPEC §3 trial_remaining_days. */
export function trialRemainingDays(company: CompanyAccessFields, now: Date = new Date()): number {
  return Math.max(0, daysUntil(company.trial_ends_at, now) ?? 0);
}

/**
 * A trial is active when it has an end date, days remain and it is not disabled: the access
 * decision's rule (access/access-decision.ts trialActive). SPEC §6.
 */
export function isTrialActive(company: CompanyAccessFields, now: Date = new Date()): boolean {
  return trialActive({
    is_trial_disabled: company.is_trial_disabled,
    trial_remaining_days: trialRemainingDays(company, now),
  });
}
