/**
 * /dashboard/mga-management: role gating, companies and users with their empty states, the user
 * management dialog's body, approved states, "Act as" calling the switch hook, and resetting a
 * user's two-step sign-in after a confirmation (ADR 755). SPEC §2, §6.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canAdminister, canManageCompanies } from '../../portal/features/admin/api/admin-roles.ts';
import type { CompanyRecord } from '../../portal/features/admin/api/companies-api.ts';
import type { UserRecord } from '../../portal/features/admin/api/users-api.ts';
import { MgaManagementPage } from '../../portal/features/admin/components/mga-management-page.tsx';
import {
  createUserBody,
  updateUserBody,
  validateUserForm,
} from '../../portal/features/admin/components/user-management-dialog.tsx';
import { canActOn } from '../../portal/features/admin/components/users-tab.tsx';
import { ApiRequestError, emptyResult } from '../../portal/lib/api-client.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const switchUser = vi.fn(async (_userId: number) => {});
vi.mock('../../portal/features/auth/api/switch-user.ts', () => ({ useSwitchUser: () => switchUser }));

function signInAs(role: string, id = 1) {
  setSession('sk-admin', { id, name: 'Sam Admin', role, mga_company: { id: 10, name: 'Acme Agency' } }, null);
}

function company(overrides: Partial<CompanyRecord> = {}): CompanyRecord {
  return {
    id: 10,
    name: 'Acme Agency',
    trial_ends_at: null,
    trial_remaining_days: 0,
    is_trial_active: false,
    is_trial_disabled: false,
    has_active_subscription: true,
    permissions: [],
    denied_permissions: [],
    stripe_id: null,
    approved_states: ['FL', 'TX'],
    plan: { id: 'pro', name: 'Pro' },
    logo_url: null,
    eo_data: null,
    eo_expiry_days: null,
    is_testing_company: false,
    is_extra_testing_company: false,
    dashboard_widgets: [],
    application_sources: [],
    quote_rush: { enabled: false, message: '' },
    portal_name: null,
    timezone: 'America/New_York',
    support_email: null,
    support_phone: null,
    user_count: 3,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

function user(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 2,
    name: 'Ada Agent',
    email: 'ada@acme.test',
    phone: null,
    role: 'agent',
    company: { id: 10, name: 'Acme Agency' },
    agent: { id: 5, licensed_states: ['FL'] },
    assigned_agent_id: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  switchUser.mockClear();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('role gating', () => {
  it.each(['agent', 'customer'])('a %s sees no access and nothing is called', async (role) => {
    signInAs(role);
    const calls = mockFetch(() => envelope({ users: [] }));
    renderWithProviders(<MgaManagementPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have access to this page.');
    expect(calls).toEqual([]);
  });

  it('admins administer, only super-admins manage companies (property over role strings)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom('super-admin', 'admin', 'agent', 'customer'), fc.string()),
        (role) => {
          expect(canAdminister(role)).toBe(role === 'super-admin' || role === 'admin');
          expect(canManageCompanies(role)).toBe(role === 'super-admin');
        },
      ),
    );
  });

  it('an admin sees only the users of their company, without the Companies tab', async () => {
    signInAs('admin');
    const calls = mockFetch((path) =>
      path === 'users/list' ? envelope({ users: [user()] }) : envelope(null),
    );
    renderWithProviders(<MgaManagementPage />);
    expect(await screen.findByText('Ada Agent')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Companies/ })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('companies/'))).toBe(false);
    expect(calls.find((call) => call.path === 'users/list')?.body).toEqual({ session_key: 'sk-admin' });
  });
});

describe('loading state', () => {
  it('shows skeleton rows until the users arrive', async () => {
    signInAs('admin');
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(<MgaManagementPage />);
    expect(await screen.findByLabelText('Loading users')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    answer(new Response(JSON.stringify(envelope({ users: [user()] }))));
    expect(await screen.findByText('Ada Agent')).toBeTruthy();
    expect(screen.queryByLabelText('Loading users')).toBeNull();
  });
});

describe('companies tab', () => {
  it('lists the companies with plan, access and approved states', async () => {
    signInAs('super-admin');
    mockFetch((path) =>
      path === 'companies/list'
        ? envelope({
            companies: [
              company(),
              company({
                id: 11,
                name: 'Bayou Flood',
                has_active_subscription: false,
                is_trial_active: true,
                trial_remaining_days: 4,
                plan: null,
                approved_states: [],
              }),
            ],
          })
        : envelope({ users: [] }),
    );
    renderWithProviders(<MgaManagementPage />);
    const table = await screen.findByRole('table', { name: 'Companies' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toContain('Acme Agency');
    expect(rows[1].textContent).toContain('Pro');
    expect(rows[1].textContent).toContain('Subscribed');
    expect(rows[1].textContent).toContain('2 states');
    expect(rows[2].textContent).toContain('Trial: 4 days left');
    expect(rows[2].textContent).toContain('None');
  });

  it('shows the empty state and the error state', async () => {
    signInAs('super-admin');
    mockFetch(() => envelope({ companies: [] }));
    const first = renderWithProviders(<MgaManagementPage />);
    expect(await screen.findByText('No companies yet')).toBeTruthy();
    first.unmount();
    mockFetch(() => envelope(null, { status: 'error', code: 500, message: 'Database is down.' }));
    renderWithProviders(<MgaManagementPage />);
    expect(await screen.findByText('Could not load the companies')).toBeTruthy();
    expect(screen.getByText('Database is down.')).toBeTruthy();
  });

  it('the approved states dialog saves the chosen states in the constants order', async () => {
    signInAs('super-admin');
    const calls = mockFetch((path) =>
      path === 'companies/list' ? envelope({ companies: [company()] }) : envelope({ company: company() }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Acme Agency' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approved states' }));
    const florida = (await screen.findByLabelText('Florida (FL)')) as HTMLInputElement;
    expect(florida.checked).toBe(true);
    expect((screen.getByLabelText('Texas (TX)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Texas (TX)'));
    fireEvent.click(screen.getByLabelText('Alabama (AL)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save states' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'companies/set-approved-states')?.body).toEqual({
        session_key: 'sk-admin',
        company_id: 10,
        approved_states: ['AL', 'FL'],
      }),
    );
    // Issue 17 Shell polish: every save says it went through.
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Saved', color: 'green' }),
      ),
    );
  });
});

describe('company dialogs', () => {
  it('creates a company with its trial and access fields', async () => {
    signInAs('super-admin');
    const calls = mockFetch((path) =>
      path === 'companies/create' ? envelope({ company: company({ id: 12 }) }) : envelope({ companies: [] }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New company' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Name cannot be empty!')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Company name/), { target: { value: ' Gulf Agency ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Trial ends on/), { target: { value: '2026-12-31' } });
    // Issue 43: an area its plan gives, taken away (chosen by its label, sent by its name).
    const removed = within(dialog)
      .getAllByLabelText('Removed areas')
      .find((element) => element.tagName === 'INPUT');
    fireEvent.click(removed as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Reporting' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'companies/create')?.body).toEqual({
        session_key: 'sk-admin',
        name: 'Gulf Agency',
        trial_ends_at: '2026-12-31',
        is_trial_disabled: false,
        has_active_subscription: false,
        permissions: [],
        denied_permissions: ['reporting'],
      }),
    );
    // Issue 17 Shell polish: every save says it went through.
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Saved', color: 'green' }),
      ),
    );
  });

  it('changes the plan to the one chosen', async () => {
    signInAs('super-admin');
    const calls = mockFetch((path) => {
      if (path === 'plans/list')
        return envelope({
          plans: [
            { id: 'starter', name: 'Starter', price_monthly: 49, max_users: 3, features: [] },
            { id: 'pro', name: 'Pro', price_monthly: 149, max_users: 15, features: [] },
          ],
          current_plan_id: null,
          has_active_subscription: false,
          is_trial_active: false,
          trial_remaining_days: 0,
          billing_portal_configured: false,
        });
      if (path === 'companies/change-plan') return envelope({ company: company() });
      return envelope({ companies: [company()] });
    });
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Acme Agency' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog');
    const pro = (await within(dialog).findByLabelText(/^Pro/)) as HTMLInputElement;
    expect(pro.checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText(/^Starter/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'companies/change-plan')?.body).toEqual({
        session_key: 'sk-admin',
        company_id: 10,
        plan_id: 'starter',
      }),
    );
    // Issue 17 Shell polish: every save says it went through.
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Saved', color: 'green' }),
      ),
    );
  });

  it('uploads a picked logo as base64 after a preview, and refuses other files', async () => {
    signInAs('super-admin');
    const calls = mockFetch((path) =>
      path === 'companies/set-logo' ? envelope({ company: company() }) : envelope({ companies: [company()] }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Acme Agency' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Company logo' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No logo yet')).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(dialog).findByText('Choose a PNG, JPEG, SVG or WebP image.')).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File(['PNGDATA'], 'logo.png', { type: 'image/png' })] },
    });
    const preview = (await within(dialog).findByAltText('Logo preview')) as HTMLImageElement;
    expect(preview.src).toBe(`data:image/png;base64,${btoa('PNGDATA')}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload logo' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'companies/set-logo')?.body).toEqual({
        session_key: 'sk-admin',
        company_id: 10,
        logo: { content_base64: btoa('PNGDATA'), content_type: 'image/png' },
      }),
    );
  });
});

describe('users tab', () => {
  it('shows the empty state for a role with no users, and filters by role', async () => {
    signInAs('admin');
    const calls = mockFetch((_path, body) => envelope({ users: body.role === 'customer' ? [] : [user()] }));
    renderWithProviders(<MgaManagementPage />);
    expect(await screen.findByText('Ada Agent')).toBeTruthy();
    fireEvent.click(screen.getByText('Customers'));
    expect(await screen.findByText('No users with this role')).toBeTruthy();
    expect(calls.some((call) => call.path === 'users/list' && call.body.role === 'customer')).toBe(true);
  });

  it('searches users by name or e-mail on the server', async () => {
    signInAs('admin');
    const calls = mockFetch((_path, body) => envelope({ users: body.search ? [] : [user()] }));
    renderWithProviders(<MgaManagementPage />);
    expect(await screen.findByText('Ada Agent')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: '  zed ' } });
    expect(await screen.findByText('No users match the search')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'users/list').map((call) => call.body.search)).toEqual([
      undefined,
      'zed',
    ]);
  });

  it('the create user dialog sends name, email, role and licensed states, no password, and says the invitation went out', async () => {
    signInAs('admin');
    const invited =
      'User created. An invitation to choose a password was sent to nia@acme.test; the link works for 72 hours.';
    const calls = mockFetch((path) =>
      path === 'users/create'
        ? envelope({ user: user({ id: 9 }) }, { message: invited })
        : envelope({ users: [] }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '  Nia Agent ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'nia@acme.test' } });
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    expect(within(dialog).getByText(/e-mail an invitation to choose a password/)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Agent'));
    fireEvent.click(within(dialog).getByLabelText('Texas (TX)'));
    fireEvent.click(within(dialog).getByLabelText('Florida (FL)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'users/create')).toBe(true));
    expect(calls.find((call) => call.path === 'users/create')?.body).toEqual({
      session_key: 'sk-admin',
      name: 'Nia Agent',
      email: 'nia@acme.test',
      role: 'agent',
      licensed_states: ['FL', 'TX'],
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: invited })),
    );
  });

  it('refuses to send an invalid user and shows the messages', async () => {
    signInAs('super-admin');
    const calls = mockFetch((path) =>
      path === 'companies/list' ? envelope({ companies: [company()] }) : envelope({ users: [] }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('tab', { name: /Users/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'not-mail' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Invalid Email!')).toBeTruthy();
    expect(within(dialog).getByText('Choose a company.')).toBeTruthy();
    expect(within(dialog).getByText('Name cannot be empty!')).toBeTruthy();
    expect(calls.some((call) => call.path === 'users/create')).toBe(false);
  });

  it('"Act as" calls the switch hook with the user id, never for yourself', async () => {
    signInAs('admin', 1);
    mockFetch(() =>
      envelope({
        users: [user(), user({ id: 1, name: 'Sam Admin', role: 'admin', agent: null, email: 's@a.test' })],
      }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Act as Ada Agent' }));
    await waitFor(() => expect(switchUser).toHaveBeenCalledWith(2));
    expect(screen.queryByRole('button', { name: 'Act as Sam Admin' })).toBeNull();
  });

  it('"Act as" shows why the switch was refused in the browser and stays usable', async () => {
    signInAs('admin', 1);
    mockFetch(() => envelope({ users: [user()] }));
    switchUser.mockRejectedValueOnce(
      new ApiRequestError(emptyResult('Switch back to your own account before acting as another user.')),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Act as Ada Agent' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Switch back to your own account before acting as another user.',
        }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Act as Ada Agent' }).hasAttribute('data-loading')).toBe(
        false,
      ),
    );
  });

  it('deletes a user only after confirmation', async () => {
    signInAs('admin');
    const calls = mockFetch((path) =>
      path === 'users/delete' ? envelope({ deleted_id: 2 }) : envelope({ users: [user()] }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Agent' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.path === 'users/delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'users/delete')?.body).toEqual({
        session_key: 'sk-admin',
        user_id: 2,
      }),
    );
    // Issue 17 Shell polish: every save says it went through.
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Deleted', color: 'green' }),
      ),
    );
  });

  it("resets a user's two-step sign-in only after confirmation, and says so", async () => {
    signInAs('admin');
    const calls = mockFetch((path) =>
      path === 'users/reset-mfa'
        ? envelope(
            { user_id: 2, totp_removed: true, passkeys_removed: 1 },
            { message: 'Two-step sign-in reset. The user sets it up again at their next sign-in.' },
          )
        : envelope({ users: [user()] }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Agent' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in' });
    expect(
      within(dialog).getByText(/Reset two-step sign-in for Ada Agent \(ada@acme\.test\)\?/),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === 'users/reset-mfa')).toBe(false);
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === 'users/reset-mfa')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Ada Agent' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset two-step sign-in' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'users/reset-mfa')?.body).toEqual({
        session_key: 'sk-admin',
        user_id: 2,
      }),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Two-step sign-in reset',
          message: 'Two-step sign-in reset. The user sets it up again at their next sign-in.',
          color: 'green',
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows a refused reset in the dialog and as a notification, and offers no reset of one's own", async () => {
    signInAs('admin', 2);
    const calls = mockFetch((path) =>
      path === 'users/reset-mfa'
        ? envelope(null, { status: 'error', code: 404, message: 'User not found.' })
        : envelope({ users: [user(), user({ id: 3, name: 'Bea Agent', email: 'bea@acme.test' })] }),
    );
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Agent' }));
    expect(await screen.findByRole('menuitem', { name: 'Details' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Reset two-step sign-in' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Bea Agent' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset two-step sign-in' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User not found.');
    expect(calls.find((call) => call.path === 'users/reset-mfa')?.body).toEqual({
      session_key: 'sk-admin',
      user_id: 3,
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Message', message: 'User not found.', color: 'yellow' }),
    );
  });

  it('assigns an agent to a customer by the agent id', async () => {
    signInAs('admin');
    const customer = user({ id: 3, name: 'Cy Customer', role: 'customer', agent: null });
    const calls = mockFetch((path, body) => {
      if (path === 'users/assign-agent') return envelope({ user: customer });
      return envelope({ users: body.role === 'agent' ? [user()] : [user(), customer] });
    });
    renderWithProviders(<MgaManagementPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Cy Customer' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Assign agent' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Agent'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'users/assign-agent')?.body).toEqual({
        session_key: 'sk-admin',
        customer_user_id: 3,
        agent_id: 5,
      }),
    );
    // Issue 17 Shell polish: every save says it went through.
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Saved', color: 'green' }),
      ),
    );
  });
});

describe('user rules', () => {
  const roles = fc.constantFrom('super-admin', 'admin', 'agent', 'customer');
  it('nobody acts on themselves; admins never on super-admins; agents and customers on nobody', () => {
    fc.assert(
      fc.property(roles, roles, fc.nat(5), fc.nat(5), (viewerRole, targetRole, viewerId, targetId) => {
        const allowed = canActOn(
          { id: viewerId, role: viewerRole },
          user({ id: targetId, role: targetRole as never }),
        );
        const expected =
          viewerId !== targetId &&
          (viewerRole === 'super-admin' || (viewerRole === 'admin' && targetRole !== 'super-admin'));
        expect(allowed).toBe(expected);
      }),
    );
  });

  it('only agents send licensed states; a company only when a super-admin creates', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('admin', 'agent', 'customer' as const),
        fc.boolean(),
        fc.subarray(['AL', 'FL', 'TX']),
        (role, needsCompany, states) => {
          const body = createUserBody(
            {
              name: 'Nia',
              email: 'n@a.test',
              phone: '',
              role,
              company_id: '10',
              licensed_states: states,
            },
            needsCompany,
          );
          expect('licensed_states' in body).toBe(role === 'agent');
          expect(body.company_id).toBe(needsCompany ? 10 : undefined);
        },
      ),
    );
  });

  it('an update sends only what changed', () => {
    const before = user({ phone: '(305) 555-0100', agent: { id: 5, licensed_states: ['FL'] } });
    fc.assert(
      fc.property(
        fc.record({
          name: fc.constantFrom(before.name, 'Other Name'),
          email: fc.constantFrom(before.email, 'new@acme.test'),
          phone: fc.constantFrom(before.phone as string, ''),
          role: fc.constantFrom('admin', 'agent', 'customer' as const),
          licensed_states: fc.constantFrom<string[]>(['FL'], ['FL', 'TX']),
        }),
        (values) => {
          const body = updateUserBody(before, { ...values, company_id: '' });
          expect(body.user_id).toBe(before.id);
          expect('name' in body).toBe(values.name !== before.name);
          expect('email' in body).toBe(values.email !== before.email);
          expect('phone' in body).toBe(values.phone !== before.phone);
          if ('phone' in body) expect(body.phone).toBeNull();
          expect('role' in body).toBe(values.role !== 'agent');
          expect('licensed_states' in body).toBe(
            values.role === 'agent' && values.licensed_states.length === 2,
          );
        },
      ),
    );
  });

  it('a new user needs no password and none is ever sent: the server invites them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('admin', 'agent', 'customer' as const),
        fc.boolean(),
        (role, needsCompany) => {
          const values = {
            name: 'Nia',
            email: 'n@a.test',
            phone: '',
            role,
            company_id: '10',
            licensed_states: [],
          };
          expect(validateUserForm(values, { creating: true, needsCompany })).toEqual({});
          expect('password' in createUserBody(values, needsCompany)).toBe(false);
        },
      ),
    );
  });
});
