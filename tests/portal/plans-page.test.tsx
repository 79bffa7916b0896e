/**
 * /dashboard/plans: loading, error and empty states, the current plan, the subscription dialog and
 * billing link, the plan change through Stripe Checkout, the refusal without payments, and the
 * notices on coming back from Stripe; each plan lists what server/config/plans.json says it has
 * (its areas by their labels, then its other features), nothing more (issue 43, ADR 764).
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlansPage } from '../../portal/features/plans/components/plans-page.tsx';
import { subscriptionStatus } from '../../portal/features/plans/components/subscription-status.ts';
import { billingPortalUrl } from '../../portal/lib/api-base.ts';
import { getAuthState, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { ACCESS_RULES } from '../../server/access/access-rules.ts';
import { PLANS } from '../../server/services/plans.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const EXPIRED = {
  // The plans as plans/list answers them: server/config/plans.json itself.
  plans: PLANS,
  current_plan_id: 'starter',
  has_active_subscription: false,
  is_trial_active: false,
  trial_remaining_days: 0,
  payments_configured: true,
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

  it('lists on each plan exactly the areas plans.json gives it, then its other features', async () => {
    signIn('admin');
    mockFetch(() => envelope(EXPIRED));
    renderWithProviders(<PlansPage />);
    await screen.findByLabelText('Plan Starter');
    for (const plan of PLANS) {
      const card = screen.getByLabelText(`Plan ${plan.name}`);
      const listed = within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      const areas = ACCESS_RULES.areas
        .filter((area) => plan.permissions.includes(area.permission))
        .map((area) => area.label);
      expect(listed).toEqual([...areas, ...plan.features]);
    }
    // What the plans page sells as Agency-only is only on Agency.
    for (const label of ['API credentials', 'SAML sign-in']) {
      expect(within(screen.getByLabelText('Plan Agency')).getByText(label)).toBeTruthy();
      expect(within(screen.getByLabelText('Plan Starter')).queryByText(label)).toBeNull();
      expect(within(screen.getByLabelText('Plan Pro')).queryByText(label)).toBeNull();
    }
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

  it('an admin continues to Stripe Checkout: the page goes to the URL the server answers', async () => {
    signIn('admin');
    const calls = mockFetch((path) =>
      path === 'plans/change-plan'
        ? envelope({ company: COMPANY, redirect_url: 'https://checkout.stripe.test/c/pay/cs_1' })
        : envelope(EXPIRED),
    );
    const goTo = vi.fn();
    renderWithProviders(<PlansPage goTo={goTo} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    expect(dialog.textContent).toContain('$149');
    expect(dialog.textContent).toContain('Your plan changes as soon as Stripe confirms the payment.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(calls.find((call) => call.path === 'plans/change-plan')?.body).toEqual({
      plan_id: 'pro',
      session_key: 'sk/1',
    });
    // Nothing is active until Stripe's event: the page still says so.
    expect(screen.getByText('Subscription required')).toBeTruthy();
  });

  it('keeps the server’s refusal in the dialog', async () => {
    signIn('admin');
    mockFetch((path) =>
      path === 'plans/change-plan'
        ? envelope(null, {
            status: 'error',
            code: 502,
            message: 'The payment provider could not be reached.',
          })
        : envelope(EXPIRED),
    );
    const goTo = vi.fn();
    renderWithProviders(<PlansPage goTo={goTo} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Agency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText('The payment provider could not be reached.')).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('without online payments, tells the admin the MGA sets the plan and offers no plan change', async () => {
    signIn('admin');
    mockFetch(() => envelope({ ...EXPIRED, payments_configured: false }));
    renderWithProviders(<PlansPage />);
    expect(await screen.findByText('Online payments are not set up')).toBeTruthy();
    expect(screen.getByText(/Your MGA sets your company’s plan: contact them to change it./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Choose|Subscribe/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription' });
    expect(dialog.textContent).toContain('Online billing is not set up.');
    expect(within(dialog).queryByRole('link', { name: 'Open billing portal' })).toBeNull();
  });

  it('back from Checkout, waits for Stripe and then shows the subscription active', async () => {
    signIn('admin');
    let answer = EXPIRED;
    const calls = mockFetch((path) =>
      path === 'auth/me'
        ? envelope({
            user: { id: 2, name: 'Ada', role: 'admin' },
            company: { ...COMPANY, has_active_subscription: true },
          })
        : envelope(answer),
    );
    const view = renderWithProviders(<PlansPage search={{ checkout: 'success' }} />);
    expect(
      await screen.findByText('Waiting for Stripe to confirm your payment. This page updates by itself.'),
    ).toBeTruthy();
    answer = { ...EXPIRED, current_plan_id: 'pro', has_active_subscription: true };
    await view.queryClient.invalidateQueries({ queryKey: ['plans'] });
    expect(
      await screen.findByText('Stripe confirmed your payment: your subscription is active.'),
    ).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === 'auth/me')).toBe(true));
    await waitFor(() => expect(getAuthState().user?.company?.has_active_subscription).toBe(true));
  });

  it('says a cancelled checkout changed nothing, and an unavailable billing portal', async () => {
    signIn('admin');
    mockFetch(() => envelope(EXPIRED));
    const cancelled = renderWithProviders(<PlansPage search={{ checkout: 'cancelled' }} />);
    expect(await screen.findByText('Nothing was charged and your plan is unchanged.')).toBeTruthy();
    cancelled.unmount();
    renderWithProviders(<PlansPage search={{ billing: 'unavailable' }} />);
    expect(
      await screen.findByText('The billing portal could not be opened. Try again in a moment.'),
    ).toBeTruthy();
  });

  it('the subscription dialog links a Stripe customer to {api_base}/billing-portal, the key left to the cookie', async () => {
    signIn('admin');
    mockFetch(() => envelope({ ...EXPIRED, billing_portal_configured: true }));
    renderWithProviders(<PlansPage />);
    await screen.findByLabelText('Plan Starter');
    fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription' });
    expect(dialog.textContent).toContain('managed in Stripe’s billing portal');
    const link = within(dialog).getByRole('link', { name: 'Open billing portal' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/api/billing-portal`);
    expect(billingPortalUrl('https://backend.example.com/public-api')).toBe(
      'https://backend.example.com/public-api/billing-portal',
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
