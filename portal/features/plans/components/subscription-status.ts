/** How the plans page words a company's access (SPEC §6 trial and subscription). */
import type { PlansData } from '../api/list-plans.ts';

/** Label, colour and sentence of the company's subscription state. */
export interface SubscriptionStatus {
  label: string;
  color: 'green' | 'blue' | 'red';
  text: string;
  /** False when the subscription-gated pages are closed (the reason check-subscription sent the user here). */
  hasAccess: boolean;
}

/** Active subscription, else active trial (with the days left), else no access. SPEC §6. */
export function subscriptionStatus(
  data: Pick<PlansData, 'has_active_subscription' | 'is_trial_active' | 'trial_remaining_days'>,
): SubscriptionStatus {
  if (data.has_active_subscription) {
    return { label: 'Active', color: 'green', text: 'Your subscription is active.', hasAccess: true };
  }
  const days = data.trial_remaining_days ?? 0;
  if (data.is_trial_active && days > 0) {
    return {
      label: 'Trial',
      color: 'blue',
      text: `Your trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`,
      hasAccess: true,
    };
  }
  return {
    label: 'Inactive',
    color: 'red',
    text: 'Your company has no active subscription or trial. Choose a plan to keep quoting.',
    hasAccess: false,
  };
}
