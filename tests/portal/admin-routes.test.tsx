/**
 * The administration routes in the real route tree: each path renders its page inside the shell,
 * the shell links to them only for admins and super-admins, and an agent gets the no-access state.
 * SPEC §2 Routes, §6; the audit trail, issue 38.
 */
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettingsCompanyId } from '../../portal/features/admin/api/settings-company-store.ts';
import { getAuthState, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { createQueryClient } from '../../portal/lib/query-client.ts';
import { createAppRouter } from '../../portal/router.tsx';
import { settingsFixture } from './admin-settings-fixtures.ts';
import { envelope, mockFetch } from './render-with-providers.tsx';

function signInAs(role: string) {
  setSession('sk-1', { id: 1, name: 'Sam Admin', role, mga_company: { id: 10, name: 'Acme' } }, null);
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSettingsCompanyId(null);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  mockFetch((path) => {
    if (path === 'is-it-working-hour') return envelope({ isItWorkingHour: true });
    // The shell re-reads the account once per session: answer the signed-in user unchanged.
    if (path === 'auth/me') return envelope({ user: getAuthState().user, company: null });
    if (path === 'users/list') return envelope({ users: [] });
    if (path === 'companies/list') return envelope({ companies: [] });
    // The settings pages read the company's carrier connections as they open.
    if (path === 'carrier-connections/list') return envelope({ connections: [] });
    if (path === 'audit/list') return envelope({ events: [], page: 1, per_page: 25, total: 0 });
    if (path.startsWith('agent-portal/'))
      return envelope({
        applications: { data: [], total: 0 },
        status_counts: { new: 0, launched: 0, completed: 0 },
      });
    return envelope({ settings: settingsFixture() });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function show(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(async () => queryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
  return { router, unmount: view.unmount };
}

describe('administration routes', () => {
  it.each([
    ['/dashboard/mga-management', 'MGA management'],
    ['/dashboard/portal-settings', 'Portal settings'],
    ['/dashboard/portal-settings/global', 'Global settings'],
    ['/dashboard/portal-settings/eo-details', 'E&O details'],
    ['/dashboard/portal-settings/messaging-console', 'Messaging console'],
    ['/dashboard/audit-trail', 'Audit trail'],
  ])('%s renders its page for an admin', async (path, title) => {
    signInAs('admin');
    await show(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('the shell links admins to MGA management, portal settings and the audit trail, agents not', async () => {
    signInAs('admin');
    const first = await show('/dashboard/portal-settings');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'MGA management' }).getAttribute('href')).toBe(
      '/dashboard/mga-management',
    );
    expect(within(nav).getByRole('link', { name: 'Portal settings' }).getAttribute('href')).toBe(
      '/dashboard/portal-settings',
    );
    expect(within(nav).getByRole('link', { name: 'Audit trail' }).getAttribute('href')).toBe(
      '/dashboard/audit-trail',
    );
    first.unmount();
    signInAs('agent');
    await show('/dashboard/mga-management');
    const agentNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(agentNav).queryByRole('link', { name: 'MGA management' })).toBeNull();
    expect(within(agentNav).queryByRole('link', { name: 'Audit trail' })).toBeNull();
    expect((await screen.findByText('You do not have access to this page.')).getAttribute('role')).toBe(
      'alert',
    );
  });

  it('a logged-out visit goes to the login page', async () => {
    const { router } = await show('/dashboard/portal-settings/messaging-console');
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
