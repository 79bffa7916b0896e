/** /dashboard/plans: loading, error and empty states, the current plan, the subscription dialog and billing link, plan change. */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlansPage } from '../../portal/features/plans/components/plans-page.tsx';
import { subscriptionStatus } from '../../portal/features/plans/components/subscription-status.ts';
import { billingPortalUrl } from '../../portal/lib/api-base.ts';
import { getAuthState, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const PLANS = [
  { id: 'starter', name: 'Starter', price_monthly: 49, max_users: 3, features: ['Flood quotes'] },
  { id: 'pro', name: 'Pro', price_monthly: 149, max_users: 15, features: ['Flood quotes', 'Home quotes'] },
  { id: 'agency', name: 'Agency', price_monthly: 399, max_users: null, features: ['Everything'] },
];
const EXPIRED = {
  plans: PLANS,
  current_plan_id: 'starter',
  has_active_subscription: false,
  is_trial_active: false,
  trial_remaining_days: 0,
  billing_portal_configured: false,
};
const COMPANY = { id: 1, name: 'Demo Agency', has_active_subscription: false, trial_ends_at: null };

function signIn(role: string) {
  setSession('sk/1', { id: 2, name: 'Ada', role, mga_company: { id: 1, name: 'Demo Agency' } }, COMPANY);
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PlansPage', () => {
  it('lists the plans with the current one and says why access is closed', async () => {
    signIn('agent');
    mockFetch(() => envelope(EXPIRED));
    renderWithProviders(<PlansPage />);
    const starter = await screen.findByLabelText('Plan Starter');
    expect(within(starter).getByText('Current plan')).toBeTruthy();
    expect(within(screen.getByLabelText('Plan Agency')).getByText('Unlimited users')).toBeTruthy();
    expect(screen.getByText('Subscription required')).toBeTruthy();
    expect(screen.getByText(/Ask your agency admin to choose a plan/)).toBeTruthy();
    // Agents see no plan change.
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
  });

  it('shows the loading, error (with retry) and empty states', async () => {
    signIn('admin');
    let answer: unknown = envelope(null, { status: 'error', code: 500, message: 'Plans unavailable' });
    mockFetch(() => answer);
    renderWithProviders(<PlansPage />);
    expect(await screen.findByLabelText('Loading plans')).toBeTruthy();
    expect(await screen.findByText('Could not load the plans')).toBeTruthy();
    answer = envelope({ ...EXPIRED, plans: [], current_plan_id: null });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No plans are available yet')).toBeTruthy();
  });

  it('an admin changes the plan, then the company is re-read', async () => {
    signIn('admin');
    let current = EXPIRED;
    const calls = mockFetch((path, body) => {
      if (path === 'plans/change-plan') {
        current = { ...EXPIRED, current_plan_id: String(body.plan_id), has_active_subscription: true };
        return envelope({ company: { ...COMPANY, has_active_subscription: true } });
      }
      if (path === 'auth/me') {
        return envelope({
          user: { id: 2, name: 'Ada', role: 'admin' },
          company: { ...COMPANY, has_active_subscription: true, plan: { id: 'pro', name: 'Pro' } },
        });
      }
      return envelope(current);
    });
    renderWithProviders(<PlansPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    expect(dialog.textContent).toContain('$149');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Pro' }));
    await waitFor(() =>
      expect(within(screen.getByLabelText('Plan Pro')).getByText('Current plan')).toBeTruthy(),
    );
    expect(calls.find((call) => call.path === 'plans/change-plan')?.body).toEqual({
      plan_id: 'pro',
      session_key: 'sk/1',
    });
    expect(getAuthState().user?.company?.has_active_subscription).toBe(true);
    expect(await screen.findByText('Subscription: Active')).toBeTruthy();
  });

  it('the subscription dialog links to {api_base}/billing-portal with the session key', async () => {
    signIn('admin');
    mockFetch(() => envelope(EXPIRED));
    renderWithProviders(<PlansPage />);
    await screen.findByLabelText('Plan Starter');
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription' });
    const link = within(dialog).getByRole('link', { name: 'Open billing portal' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/api/billing-portal?session_key=sk%2F1`);
    expect(billingPortalUrl('k', 'https://portal.example.com/')).toBe(
      'https://portal.example.com/api/billing-portal?session_key=k',
    );
  });

  it('words each subscription state', () => {
    expect(
      subscriptionStatus({ has_active_subscription: true, is_trial_active: false, trial_remaining_days: 0 })
        .label,
    ).toBe('Active');
    expect(
      subscriptionStatus({ has_active_subscription: false, is_trial_active: true, trial_remaining_days: 1 })
        .text,
    ).toBe('Your trial ends in 1 day.');
    expect(
      subscriptionStatus({ has_active_subscription: false, is_trial_active: true, trial_remaining_days: 0 })
        .hasAccess,
    ).toBe(false);
  });
});
