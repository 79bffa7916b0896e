/** Trial and subscription state of a company, as SPEC §6 defines it (the check-subscription guard reads it). */
import type { StoredCompany } from './auth-store.ts';

/**
 * A trial is active when a trial end date exists, the remaining days are above 0 and the trial is
 * not disabled (a disabled trial counts as not active). SPEC §6.
 */
export function isTrialActive(company: StoredCompany | null | undefined): boolean {
  if (!company) return false;
  const hasEnd = typeof company.trial_ends_at === 'string' && company.trial_ends_at !== '';
  const remaining = Number(company.trial_remaining_days ?? 0);
  return hasEnd && Number.isFinite(remaining) && remaining > 0 && company.is_trial_disabled !== true;
}

/**
 * True when the company may use the subscription-gated pages: an active subscription or an active
 * trial. A missing company has neither. SPEC §2 Guards check-subscription, §6.
 */
export function hasSubscriptionAccess(company: StoredCompany | null | undefined): boolean {
  if (!company) return false;
  return company.has_active_subscription === true || isTrialActive(company);
}
