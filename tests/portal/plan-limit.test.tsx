/**
 * A plan's user limit in the portal (issue 20): users/create answering 402 with `error_obj.plan`
 * shows the server's message in the create user dialog with a "See plans" link to
 * /dashboard/plans (one click), no toast and no automatic navigation; a super-admin, who changes
 * plans in the Companies tab, gets the message without the link. A 402 without a field is still
 * the subscription's (access-payment-required.test.ts).
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MgaManagementPage } from '../../portal/features/admin/components/mga-management-page.tsx';
import { isPlanLimit, setPaymentRequiredHandler } from '../../portal/lib/api-client.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const LIMIT = 'The Starter plan allows 3 users. Choose a larger plan on the Plans page to add more.';
const paymentRequired = vi.fn();
const ACME = {
  id: 10,
  name: 'Acme Agency',
  trial_ends_at: null,
  trial_remaining_days: null,
  is_trial_active: false,
  is_trial_disabled: false,
  has_active_subscription: true,
  permissions: [],
  stripe_id: null,
  approved_states: ['FL'],
  plan: { id: 'starter', name: 'Starter' },
  logo_url: null,
  eo_data: null,
  eo_expiry_days: null,
  is_testing_company: false,
  is_extra_testing_company: false,
  user_count: 3,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function signInAs(role: string) {
  setSession('sk-1', { id: 1, name: 'Sam Admin', role, mga_company: { id: 10, name: 'Acme Agency' } }, null);
}

async function createPastTheLimit() {
  const calls = mockFetch((path) => {
    if (path === 'users/create')
      return envelope(null, { status: 'error', code: 402, message: LIMIT, error_obj: { plan: LIMIT } });
    if (path === 'companies/list') return envelope({ companies: [ACME] });
    return envelope({ users: [] });
  });
  renderWithProviders(<MgaManagementPage />);
  const usersTab = await screen.findAllByRole('tab', { name: /Users/ }).catch(() => []);
  if (usersTab[0]) fireEvent.click(usersTab[0]);
  fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Nia Agent' } });
  fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'nia@acme.test' } });
  const company = within(dialog).queryByLabelText(/^Company/);
  if (company) fireEvent.change(company, { target: { value: '10' } });
  fireEvent.click(within(dialog).getByLabelText('Customer'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
  const alert = await within(dialog).findByRole('alert', { name: 'Plan limit reached' });
  return { calls, dialog, alert };
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  paymentRequired.mockClear();
  setPaymentRequiredHandler(paymentRequired);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('plan user limit', () => {
  it('tells a 402 naming a plan limit from the subscription 402', () => {
    expect(isPlanLimit({ code: 402, error_obj: { plan: LIMIT } })).toBe(true);
    expect(isPlanLimit({ code: 402, error_obj: null })).toBe(false);
    expect(isPlanLimit({ code: 422, error_obj: { plan: LIMIT } })).toBe(false);
  });

  it('shows the message in the dialog with the plans page one click away, and stays on the page', async () => {
    signInAs('admin');
    const { calls, dialog, alert } = await createPastTheLimit();
    expect(within(alert).getByText(LIMIT)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/dashboard/plans',
    );
    expect(calls.filter((call) => call.path === 'users/create')).toHaveLength(1);
    expect(paymentRequired).not.toHaveBeenCalled();
    expect(notifications.show).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(true);
  });

  it('gives a super-admin the message without the link to their own plans', async () => {
    signInAs('super-admin');
    const { alert } = await createPastTheLimit();
    expect(within(alert).getByText(LIMIT)).toBeTruthy();
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
