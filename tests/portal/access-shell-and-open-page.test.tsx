/**
 * The shell's account pieces (SPEC §2 Shell): Profile and Plans in the user menu, "Switch back to
 * <name>" while acting, agent-only nav hidden from super-admins; and the open API partner page.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShellLayout } from '../../portal/components/app-shell-layout.tsx';
import { operationsOf } from '../../portal/features/api-partner/api/get-openapi-document.ts';
import { ApiPartnerPage } from '../../portal/features/api-partner/components/api-partner-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { ALL_AREAS } from './all-areas.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  mockFetch(() => envelope({ isItWorkingHour: true }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AppShellLayout account pieces', () => {
  it('has Profile and Plans in the user menu, and the switch-back item only while acting', async () => {
    setSession('sk-1', { id: 12, name: 'Alex Agent', role: 'agent' }, null);
    const onSwitchBack = vi.fn();
    renderWithProviders(
      <AppShellLayout onLogout={() => {}} switchBack={{ label: 'Switch back to Ada Admin', onSwitchBack }} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'User menu for Alex Agent' }));
    expect((await screen.findByRole('menuitem', { name: 'Profile' })).getAttribute('href')).toBe(
      '/dashboard/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'Plans' }).getAttribute('href')).toBe('/dashboard/plans');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Switch back to Ada Admin' }));
    expect(onSwitchBack).toHaveBeenCalledTimes(1);
  });

  it('shows no switch-back item when not acting', async () => {
    setSession('sk-1', { id: 2, name: 'Ada Admin', role: 'admin' }, null);
    renderWithProviders(<AppShellLayout onLogout={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'User menu for Ada Admin' }));
    await screen.findByRole('menuitem', { name: 'Profile' });
    expect(screen.queryByRole('menuitem', { name: /Switch back/ })).toBeNull();
  });

  it('hides the agent-only Applications item from super-admins only', async () => {
    setSession(
      'sk-1',
      { id: 1, name: 'Sam Super', role: 'super-admin', user_accesses_final: ALL_AREAS },
      null,
    );
    const view = renderWithProviders(<AppShellLayout onLogout={() => {}} />);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.textContent).toContain('Dashboard');
    expect(nav.textContent).not.toContain('Applications');
    view.unmount();
    setSession('sk-2', { id: 12, name: 'Alex Agent', role: 'agent', user_accesses_final: ALL_AREAS }, null);
    renderWithProviders(<AppShellLayout onLogout={() => {}} />);
    expect((await screen.findByRole('navigation', { name: 'Main navigation' })).textContent).toContain(
      'Applications',
    );
  });

  it('renders the notices above the page and the floating extras', async () => {
    setSession('sk-1', { id: 12, name: 'Alex Agent', role: 'agent' }, null);
    renderWithProviders(
      <AppShellLayout onLogout={() => {}} notices={<p>Notice here</p>} floating={<p>Floating here</p>} />,
    );
    expect(await screen.findByText('Notice here')).toBeTruthy();
    expect(screen.getByText('Floating here')).toBeTruthy();
  });
});

describe('ApiPartnerPage (open to anyone)', () => {
  const DOCUMENT = {
    paths: {
      '/api/auth/login': { post: { tags: ['auth'], summary: 'Sign in' } },
      '/api/agent-portal/create-new-application': { post: { tags: ['applications'] } },
    },
  };

  function stubOpenApi(response: () => Response) {
    const fetchMock = vi.fn(async () => response());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('lists the documented calls without a session', async () => {
    const fetchMock = stubOpenApi(() => new Response(JSON.stringify(DOCUMENT)));
    renderWithProviders(<ApiPartnerPage />);
    expect(await screen.findByText('POST /api/auth/login')).toBeTruthy();
    expect(screen.getByText('Sign in')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`${window.location.origin}/api/openapi.json`, expect.anything());
  });

  it('shows the error state with a retry, and the empty state', async () => {
    let ok = false;
    stubOpenApi(() =>
      ok ? new Response(JSON.stringify({ paths: {} })) : new Response('down', { status: 503 }),
    );
    renderWithProviders(<ApiPartnerPage />);
    expect(await screen.findByText('The API reference is unavailable (HTTP 503).')).toBeTruthy();
    ok = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('No calls are documented yet.')).toBeTruthy());
  });

  it('reads operations sorted by tag and path, skipping what is not a method', () => {
    expect(
      operationsOf({
        paths: { '/b': { post: { tags: ['x'] }, parameters: [] }, '/a': { get: { tags: ['x'] } } },
      }),
    ).toEqual([
      { method: 'GET', path: '/a', tag: 'x', summary: null },
      { method: 'POST', path: '/b', tag: 'x', summary: null },
    ]);
    expect(operationsOf(null)).toEqual([]);
  });
});
