/**
 * /dashboard/portal-settings and /global: gating, the index cards, every section's data and empty
 * state, the error state, and what the dialogs send. SPEC §2, §6; docs/api-accounts.md.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettingsCompanyId } from '../../portal/features/admin/api/settings-company-store.ts';
import { sourceNameProblem } from '../../portal/features/admin/components/application-sources-dialog.tsx';
import { validateBanner } from '../../portal/features/admin/components/dynamic-banners-dialog.tsx';
import { GlobalSettingsPage } from '../../portal/features/admin/components/global-settings-page.tsx';
import { PortalSettingsPage } from '../../portal/features/admin/components/portal-settings-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { settingsFixture } from './admin-settings-fixtures.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

function signInAs(role: string) {
  setSession('sk-1', { id: 1, name: 'Sam', role, mga_company: { id: 10, name: 'Acme' } }, null);
}

/**
 * The settings page's calls answered: `settings` for portal-settings/get and every update, and no
 * live carrier connection for carrier-connections/list, which the page lists too.
 */
function settingsPageAnswer(settings = settingsFixture()) {
  return (path: string) =>
    path === 'carrier-connections/list' ? envelope({ connections: [] }) : envelope({ settings });
}

beforeEach(() => {
  // jsdom has no layout: Mantine's Select scrolls the chosen option into view.
  Element.prototype.scrollIntoView ??= () => {};
  localStorage.clear();
  reloadAuthFromStorage();
  setSettingsCompanyId(null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dashboard/portal-settings', () => {
  it('links admins to the three sub-pages', async () => {
    signInAs('admin');
    renderWithProviders(<PortalSettingsPage />);
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/portal-settings/global',
      '/dashboard/portal-settings/eo-details',
      '/dashboard/portal-settings/messaging-console',
    ]);
  });

  it.each(['agent', 'customer'])('a %s sees no access on the index and the global page', async (role) => {
    signInAs(role);
    const calls = mockFetch(settingsPageAnswer());
    const first = renderWithProviders(<PortalSettingsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have access to this page.');
    first.unmount();
    renderWithProviders(<GlobalSettingsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have access to this page.');
    expect(calls).toEqual([]);
  });
});

describe('/dashboard/portal-settings/global', () => {
  it('shows every section from portal-settings/get', async () => {
    signInAs('admin');
    const calls = mockFetch(settingsPageAnswer());
    renderWithProviders(<GlobalSettingsPage />);
    const global = await screen.findByRole('region', { name: 'Global settings' });
    expect(global.textContent).toContain('Acme Portal');
    expect(global.textContent).toContain('America/Chicago');
    expect(global.textContent).toContain('30 days');
    expect(screen.getByRole('region', { name: 'Application sources' }).textContent).toContain('Website');
    expect(screen.getByRole('region', { name: 'Dynamic banners' }).textContent).toContain(
      'Office closed Friday',
    );
    const widgets = screen.getByRole('region', { name: 'Widgets' }).textContent;
    // Each widget by the title its dashboard card has (portal/features/dashboard/widget-titles.ts).
    expect(widgets).toContain('Applications by statusOn');
    expect(widgets).toContain('Recent applicationsOff');
    expect(widgets).toContain('E&O coverageOff');
    expect(screen.getByRole('region', { name: 'Quote rush' }).textContent).toContain('Off');
    // The carrier connections card (issue 19) reads its own list.
    expect(calls).toEqual([
      { path: 'portal-settings/get', body: { session_key: 'sk-1' } },
      { path: 'carrier-connections/list', body: { session_key: 'sk-1' } },
    ]);
  });

  it('shows the empty states of the lists', async () => {
    signInAs('admin');
    mockFetch(
      settingsPageAnswer(settingsFixture({ application_sources: [], banners: [], available_widgets: [] })),
    );
    renderWithProviders(<GlobalSettingsPage />);
    expect(await screen.findByText('No application sources yet.')).toBeTruthy();
    expect(screen.getByText('No banners yet.')).toBeTruthy();
    expect(screen.getByText('No widgets are available.')).toBeTruthy();
  });

  it('shows the error state with the server message and retries', async () => {
    signInAs('admin');
    let fail = true;
    mockFetch((path) =>
      fail
        ? envelope(null, { status: 'error', code: 404, message: 'Company not found.' })
        : settingsPageAnswer()(path),
    );
    renderWithProviders(<GlobalSettingsPage />);
    expect(await screen.findByText('Could not load the settings')).toBeTruthy();
    expect(screen.getByText('Company not found.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Global settings' })).toBeTruthy();
  });

  it('a super-admin edits the chosen company: company_id in every call', async () => {
    signInAs('super-admin');
    setSettingsCompanyId(11);
    const calls = mockFetch((path) =>
      path === 'companies/list'
        ? envelope({ companies: [{ id: 11, name: 'Bayou Flood' }] })
        : settingsPageAnswer()(path),
    );
    renderWithProviders(<GlobalSettingsPage />);
    await screen.findByRole('region', { name: 'Global settings' });
    expect(calls.find((call) => call.path === 'portal-settings/get')?.body).toEqual({
      session_key: 'sk-1',
      company_id: 11,
    });
  });

  it('the global settings dialog sends all five fields, blanks as null', async () => {
    signInAs('admin');
    const calls = mockFetch(settingsPageAnswer());
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit global settings' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Portal name'), { target: { value: '  ' } });
    fireEvent.change(within(dialog).getByLabelText('Support phone'), { target: { value: '(305) 555-0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === 'portal-settings/update-global')).toBe(true),
    );
    expect(calls.find((call) => call.path === 'portal-settings/update-global')?.body).toEqual({
      session_key: 'sk-1',
      global: {
        portal_name: null,
        timezone: 'America/Chicago',
        quote_expiry_days: 30,
        support_email: 'help@acme.test',
        support_phone: '(305) 555-0100',
      },
    });
  });

  it('adds an application source and refuses a duplicate name', async () => {
    signInAs('admin');
    const calls = mockFetch(settingsPageAnswer());
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage sources' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New source name'), { target: { value: 'website' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add source' }));
    expect(await within(dialog).findByText('This source already exists.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('New source name'), { target: { value: ' Walk-in ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add source' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'portal-settings/application-sources/create')?.body).toEqual({
        session_key: 'sk-1',
        item: { name: 'Walk-in', is_active: true },
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Referral' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'portal-settings/application-sources/delete')?.body).toEqual({
        session_key: 'sk-1',
        item_id: 2,
      }),
    );
  });

  it('widgets toggles send the enabled names in the available order', async () => {
    signInAs('admin');
    const calls = mockFetch(settingsPageAnswer());
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose widgets' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Recent applications'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save widgets' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'portal-settings/update-widgets')?.body).toEqual({
        session_key: 'sk-1',
        widgets: { enabled: ['quote-summary', 'recent-applications'] },
      }),
    );
  });

  it('property data: a provider per job, keys write-only (an empty key keeps the stored one)', async () => {
    signInAs('admin');
    const calls = mockFetch(settingsPageAnswer());
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit property data' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Key set. Leave empty to keep it.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Address verification and autocomplete' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SmartyStreets' }));
    fireEvent.change(within(dialog).getByLabelText('SmartyStreets key id'), { target: { value: 'id-1' } });
    fireEvent.change(within(dialog).getByLabelText('SmartyStreets key'), { target: { value: 'token-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save property data' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'portal-settings/update-property-data')?.body).toEqual({
        session_key: 'sk-1',
        property_data: {
          cache_days: 30,
          jobs: {
            address: { provider: 'smarty', key_id: 'id-1', key: 'token-1' },
            characteristics: { provider: 'attom' },
            flood_zone: { provider: 'sandbox' },
            ground_elevation: { provider: 'sandbox' },
            cbra: { provider: 'sandbox' },
            community_status: { provider: 'sandbox' },
          },
        },
      }),
    );
  });

  it('quote rush needs a message while on, then sends it', async () => {
    signInAs('admin');
    const calls = mockFetch(settingsPageAnswer());
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit quote rush' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('switch', { name: /^Quote rush on/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quote rush' }));
    expect(await within(dialog).findByText('Message cannot be empty!')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Message'), {
      target: { value: 'Quotes take 10 minutes today.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quote rush' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'portal-settings/update-quote-rush')?.body).toEqual({
        session_key: 'sk-1',
        quote_rush: { enabled: true, message: 'Quotes take 10 minutes today.' },
      }),
    );
  });

  it('creates a dynamic banner with its colour and dates', async () => {
    signInAs('admin');
    const calls = mockFetch(settingsPageAnswer());
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage banners' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'Storm season' } });
    fireEvent.change(within(dialog).getByLabelText('Colour'), { target: { value: 'red' } });
    fireEvent.change(within(dialog).getByLabelText('Starts on'), { target: { value: '2026-06-01' } });
    fireEvent.change(within(dialog).getByLabelText('Ends on'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(dialog).getByLabelText('Shown to'), { target: { value: 'agents' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add banner' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'portal-settings/banners/create')?.body).toEqual({
        session_key: 'sk-1',
        item: {
          message: 'Storm season',
          color: 'red',
          starts_on: '2026-06-01',
          ends_on: '2026-11-30',
          is_active: true,
          audience: 'agents',
        },
      }),
    );
  });

  it('confirms every settings save with a toast and leaves the dialog on a refusal', async () => {
    signInAs('admin');
    mockFetch((path) =>
      path === 'portal-settings/update-quote-rush'
        ? envelope({ settings: settingsFixture() }, { message: 'Settings saved.' })
        : settingsPageAnswer()(path),
    );
    const shown = vi.mocked(notifications.show);
    renderWithProviders(<GlobalSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit quote rush' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quote rush' }));
    await waitFor(() =>
      expect(shown.mock.calls.map(([data]) => [data.title, data.message, data.color])).toContainEqual([
        'Saved',
        'Settings saved.',
        'green',
      ]),
    );
  });
});

describe('rules', () => {
  it('a banner may not end before it starts', () => {
    const day = fc
      .integer({ min: 0, max: 3000 })
      .map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (starts_on, ends_on) => {
        const errors = validateBanner({ message: 'x', color: 'blue', starts_on, ends_on, is_active: true });
        expect('ends_on' in errors).toBe(ends_on < starts_on);
      }),
    );
  });

  it('source names are unique ignoring case and surrounding spaces', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        fc.boolean(),
        (name, upper) => {
          const sources = [{ id: 1, name, is_active: true }];
          const typed = ` ${upper ? name.toUpperCase() : name.toLowerCase()} `;
          const sameIgnoringCase = typed.trim().toLowerCase() === name.trim().toLowerCase();
          expect(sourceNameProblem(typed, sources) === 'This source already exists.').toBe(sameIgnoringCase);
          expect(sourceNameProblem(typed, sources, 1)).toBeNull();
        },
      ),
    );
  });
});
