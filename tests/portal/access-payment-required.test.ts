/** A 402 'Subscription required.' (docs/api-accounts.md) re-reads the account and opens /dashboard/plans. */
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from '../../portal/lib/api-client.ts';
import { getAuthState, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { createAppRouter } from '../../portal/router.tsx';
import { envelope, mockFetch } from './render-with-providers.tsx';

const ACTIVE = { id: 1, name: 'Demo Agency', has_active_subscription: true, trial_ends_at: null };
const ENDED = { ...ACTIVE, has_active_subscription: false };

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

describe('402 from the server', () => {
  it('refreshes the stored company from auth/me and navigates to /dashboard/plans', async () => {
    setSession('sk-1', { id: 7, name: 'Alex', role: 'agent' }, ACTIVE);
    const calls = mockFetch((path) => {
      if (path === 'auth/me')
        return envelope({ user: { id: 7, name: 'Alex', role: 'agent' }, company: ENDED });
      if (path.startsWith('agent-portal/get-agent-applications-list'))
        return envelope(null, { status: 'error', code: 402, message: 'Subscription required.' });
      return envelope({
        applications: { data: [], total: 0 },
        status_counts: { new: 0, launched: 0, completed: 0 },
      });
    });
    const router = createAppRouter(
      async () => new QueryClient(),
      createMemoryHistory({ initialEntries: ['/dashboard'] }),
    );
    await router.load();
    const answer = await apiCall('agent-portal/get-agent-applications-list?page=1&per_page=25', {});
    expect(answer.code).toBe(402);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'));
    expect(getAuthState().user?.company?.has_active_subscription).toBe(false);
    expect(getAuthState().session_key).toBe('sk-1');
    expect(calls.map((call) => call.path)).toContain('auth/me');
  });
});
