/** Acting as another user and switching back (SPEC §3 previous_user_data, §4; docs/api-accounts.md). */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALREADY_SWITCHED_MESSAGE,
  readPreviousUserData,
  switchBack,
  switchUser,
  useSwitchUser,
} from '../../portal/features/auth/api/switch-user.ts';
import { SwitchBackBanner } from '../../portal/features/auth/components/switch-back-banner.tsx';
import { ApiRequestError } from '../../portal/lib/api-client.ts';
import { getAuthState, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const ADMIN = { id: 2, name: 'Ada Admin', role: 'admin', image: 'a.png' };
const AGENT = {
  id: 12,
  name: 'Alex Agent',
  role: 'agent',
  agent: { id: 3, licensed_states: ['FL'] },
  username: 'alex',
};
const COMPANY = { id: 1, name: 'Demo Agency', has_active_subscription: true, eo_data: null };
const SETTINGS = {
  timezone: null,
  email_notifications: true,
  sms_notifications: false,
  default_per_page: 25,
};

function answer(path: string, body: Record<string, unknown>) {
  if (path === 'auth/switch-user') {
    return envelope({
      session_key: 'sk-agent',
      user: AGENT,
      company: COMPANY,
      user_settings: { ...SETTINGS, default_per_page: 50 },
      previous_user: { session_key: body.session_key, user: ADMIN },
    });
  }
  if (path === 'auth/switch-back') {
    return envelope({
      session_key: body.previous_session_key,
      user: ADMIN,
      company: COMPANY,
      user_settings: SETTINGS,
    });
  }
  return envelope(null);
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-admin', ADMIN, COMPANY, SETTINGS);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('switchUser and switchBack', () => {
  it('acts as the user, keeps the way back, and switching back restores the admin', async () => {
    const calls = mockFetch(answer);
    await switchUser(12, '/dashboard/mga-management');
    let state = getAuthState();
    expect(state.session_key).toBe('sk-agent');
    expect(state.user?.name).toBe('Alex Agent');
    expect(state.user).not.toHaveProperty('username');
    expect(state.user_settings).toMatchObject({ default_per_page: 50 });
    expect(readPreviousUserData()).toEqual({
      session_key: 'sk-admin',
      user: ADMIN,
      return_path: '/dashboard/mga-management',
    });

    expect(await switchBack()).toBe('/dashboard/mga-management');
    state = getAuthState();
    expect(state.session_key).toBe('sk-admin');
    expect(state.user?.name).toBe('Ada Admin');
    expect(state.previous_user_data).toBeNull();
    expect(state.user_settings).toEqual(SETTINGS);
    expect(calls).toEqual([
      { path: 'auth/switch-user', body: { user_id: 12, session_key: 'sk-admin' } },
      { path: 'auth/switch-back', body: { previous_session_key: 'sk-admin', session_key: 'sk-agent' } },
    ]);
  });

  it('changes nothing when the server refuses the switch', async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 404, message: 'User not found.' }));
    await expect(switchUser(99)).rejects.toBeInstanceOf(ApiRequestError);
    expect(getAuthState().session_key).toBe('sk-admin');
    expect(getAuthState().previous_user_data).toBeNull();
  });

  it('refuses a second switch while acting as someone, without calling', async () => {
    const calls = mockFetch(answer);
    await switchUser(12);
    await expect(switchUser(13)).rejects.toThrow(ALREADY_SWITCHED_MESSAGE);
    expect(calls.map((call) => call.path)).toEqual(['auth/switch-user']);
  });

  it('ends the acting session when the way back is gone', async () => {
    mockFetch(answer);
    await switchUser(12);
    const calls = mockFetch((path) =>
      path === 'auth/switch-back'
        ? envelope(null, {
            status: 'error',
            code: 422,
            message: 'There is no previous user to switch back to.',
          })
        : envelope(null),
    );
    await expect(switchBack()).rejects.toBeInstanceOf(ApiRequestError);
    expect(calls.map((call) => call.path)).toEqual(['auth/switch-back', 'auth/logout']);
    expect(getAuthState().session_key).toBe('');
    expect(getAuthState().previous_user_data).toBeNull();
  });
});

function ActAs() {
  const actAs = useSwitchUser();
  const [error, setError] = useState('');
  return (
    <>
      <button type="button" onClick={() => actAs(12).catch((e: Error) => setError(e.message))}>
        Act as Alex
      </button>
      <output>{error}</output>
      <SwitchBackBanner />
    </>
  );
}

describe('useSwitchUser and the switch-back banner', () => {
  it('opens /dashboard as the user, shows "Switch back to <name>", and returns where it started', async () => {
    mockFetch(answer);
    const { router } = renderWithProviders(<ActAs />, '/dashboard/mga-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Act as Alex' }));
    const back = await screen.findByRole('button', { name: 'Switch back to Ada Admin' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('status', { name: 'Acting as another user' }).textContent).toContain(
      'Alex Agent',
    );
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/mga-management'));
    expect(screen.queryByRole('button', { name: /Switch back/ })).toBeNull();
    expect(getAuthState().session_key).toBe('sk-admin');
  });

  it('rejects for the caller to show when the server refuses', async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 403, message: 'Forbidden.' }));
    const { router } = renderWithProviders(<ActAs />, '/dashboard/mga-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Act as Alex' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Forbidden.'));
    expect(router.state.location.pathname).toBe('/dashboard/mga-management');
    expect(screen.queryByRole('button', { name: /Switch back/ })).toBeNull();
  });
});
