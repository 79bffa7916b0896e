/** /dashboard/profile: loading, error and empty values; contact update, change password and user settings dialogs. */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '../../portal/features/profile/components/profile-page.tsx';
import { getAuthState, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const USER = {
  id: 2,
  name: 'Ada Admin',
  email: 'admin@demo.test',
  phone: null as string | null,
  role: 'admin',
  user_accesses_final: [],
  eo_expiry: null,
};
const COMPANY = { id: 1, name: 'Demo Agency', plan: { id: 'pro', name: 'Pro' } };
const SETTINGS = {
  timezone: null,
  email_notifications: true,
  sms_notifications: false,
  default_per_page: 25,
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', USER, COMPANY, SETTINGS);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function me(user = USER, settings = SETTINGS) {
  return envelope({ user, company: COMPANY, user_settings: settings });
}

/** What the page's other calls answer: no passkeys yet (the Passkeys card), else the profile. */
function profileAnswer(path: string) {
  return path === 'auth/mfa/passkeys-list' ? envelope({ passkeys: [] }) : me();
}

describe('ProfilePage', () => {
  it('shows a loading state, then the details with "Not set" for empty values', async () => {
    let release: (value: unknown) => void = () => {};
    const gate = new Promise((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        await gate;
        return new Response(
          JSON.stringify(profileAnswer(String(url).replace(`${window.location.origin}/api/`, ''))),
        );
      }),
    );
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByLabelText('Loading profile')).toBeTruthy();
    release(null);
    const contact = await screen.findByRole('table', { name: 'Contact details' });
    expect(within(contact).getByText('Ada Admin')).toBeTruthy();
    expect(within(contact).getByText('Not set')).toBeTruthy();
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByText('No feature access granted yet.')).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    let fail = true;
    mockFetch((path) =>
      fail ? envelope(null, { status: 'error', code: 500, message: 'Database down' }) : profileAnswer(path),
    );
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByText('Could not load your profile')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Contact details' })).toBeTruthy();
  });

  it('updates the contact details and stores the answer', async () => {
    const calls = mockFetch((path, body) =>
      path === 'profile/update'
        ? me({ ...USER, name: String(body.name), phone: String(body.phone) })
        : profileAnswer(path),
    );
    renderWithProviders(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Update contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update contact details' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '(555) 555-0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getAuthState().user?.name).toBe('Ada Lovelace'));
    expect(calls.find((call) => call.path === 'profile/update')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'admin@demo.test',
      phone: '(555) 555-0100',
      session_key: 'sk-1',
    });
    expect(await screen.findByText('(555) 555-0100')).toBeTruthy();
  });

  it('shows a taken e-mail on its field and keeps the dialog open', async () => {
    mockFetch((path) =>
      path === 'profile/update'
        ? envelope(null, { status: 'error', code: 409, message: 'The email has already been taken.' })
        : profileAnswer(path),
    );
    renderWithProviders(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Update contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update contact details' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'agent@demo.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeTruthy();
    expect(getAuthState().user?.email).toBe('admin@demo.test');
  });

  it('changes the password, and shows a wrong current password on its field', async () => {
    let wrong = true;
    const calls = mockFetch((path) => {
      if (path !== 'auth/change-password') return profileAnswer(path);
      return wrong
        ? envelope(null, {
            status: 'error',
            code: 422,
            message: 'The current password is incorrect.',
            error_obj: { current_password: 'The current password is incorrect.' },
          })
        : envelope(null, { message: 'Password changed.' });
    });
    renderWithProviders(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: 'old-pass' } });
    fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: 'new-pass-123' } });
    fireEvent.change(within(dialog).getByLabelText(/^Confirm new password/), {
      target: { value: 'new-pass-123' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('The current password is incorrect.')).toBeTruthy();
    wrong = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull());
    expect(calls.filter((call) => call.path === 'auth/change-password').at(-1)?.body).toEqual({
      current_password: 'old-pass',
      password: 'new-pass-123',
      session_key: 'sk-1',
    });
  });

  it('saves user settings into the auth state', async () => {
    const calls = mockFetch((path, body) =>
      path === 'profile/update-settings'
        ? envelope({ user_settings: { ...SETTINGS, ...(body.user_settings as object) } })
        : profileAnswer(path),
    );
    renderWithProviders(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'User settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'User settings' });
    fireEvent.click(within(dialog).getByLabelText('SMS notifications'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(getAuthState().user_settings).toMatchObject({ sms_notifications: true }));
    expect(calls.find((call) => call.path === 'profile/update-settings')?.body).toEqual({
      user_settings: { ...SETTINGS, sms_notifications: true },
      session_key: 'sk-1',
    });
  });
});
