/**
 * An unknown URL (issue 17 Shell polish): a signed-in user gets Page Not Found inside the shell,
 * with its navigation as the way back; a signed-out visitor of an unknown URL still gets the bare
 * error page (there is no shell to show them). SPEC §2 Error page, §8 "Unmatched routes show Page
 * Not Found".
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { renderAppAt, shellAnswer } from './render-app-at.tsx';
import { mockFetch } from './render-with-providers.tsx';

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Page Not Found', () => {
  it('shows inside the shell, with the main navigation, for a signed-in user', async () => {
    setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 } }, null);
    mockFetch(shellAnswer);
    for (const path of [
      '/dashboard/no-such-page',
      '/no-such-area/at/all',
      '/agent-portal/nope/deeper',
      '/404',
    ]) {
      const view = await renderAppAt(path);
      expect(await screen.findByText('Page Not Found')).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
      view.unmount();
    }
  });

  it('shows the bare error page to a signed-out visitor of an unknown URL', async () => {
    mockFetch(shellAnswer);
    const view = await renderAppAt('/no-such-area');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    view.unmount();
  });
});
