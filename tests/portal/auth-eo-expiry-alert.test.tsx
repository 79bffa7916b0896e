/**
 * The E&O expiry alert shows once (SPEC §3 eo_expiry_alert_displayed, §4) with the days to expiry
 * (SPEC §6), to the agency's staff only: an admin gets the link to the E&O details, an agent is
 * asked to tell their admin, a customer sees nothing (docs/decisions/402-eo-expiry-audiences.md).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EoExpiryAlert, eoExpiryText } from '../../portal/features/auth/components/eo-expiry-alert.tsx';
import { getAuthState, logout, reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { renderWithProviders } from './render-with-providers.tsx';

const NOW = new Date('2026-11-22T08:00:00Z');
const USER = { id: 2, name: 'Ada Admin', role: 'admin', eo_expiry: '2026-12-02' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  reloadAuthFromStorage();
});
afterEach(() => vi.useRealTimers());

describe('EoExpiryAlert', () => {
  it('shows the days to expiry the first time, sets the flag, and not again after a reload', async () => {
    setSession('sk-1', USER, { id: 1, name: 'Demo Agency' });
    expect(getAuthState().eo_expiry_alert_displayed).toBe(false);
    const first = renderWithProviders(<EoExpiryAlert />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Your agency's E&O coverage expires in 10 days (Dec 2, 2026).");
    expect(getAuthState().eo_expiry_alert_displayed).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss E&O expiry alert' }));
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();

    reloadAuthFromStorage();
    renderWithProviders(<EoExpiryAlert />);
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing without an expiry date or with an invalid one', async () => {
    setSession('sk-1', { ...USER, eo_expiry: null }, null);
    renderWithProviders(<EoExpiryAlert />);
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getAuthState().eo_expiry_alert_displayed).toBeNull();
    logout();
    setSession('sk-2', { ...USER, eo_expiry: 'not a date' }, null);
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('appears when the first expiry date arrives later (auth/me), and again after the next sign-in', async () => {
    setSession('sk-1', { ...USER, eo_expiry: null }, null);
    renderWithProviders(<EoExpiryAlert />);
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => setSession('sk-1', USER, null));
    expect((await screen.findByRole('alert')).textContent).toContain('10 days');
    act(() => logout());
    act(() => setSession('sk-3', { ...USER, eo_expiry: '2026-11-01' }, null));
    expect((await screen.findByRole('alert')).textContent).toContain('expired 21 days ago');
    expect(getAuthState().eo_expiry_alert_displayed).toBe(true);
  });

  it('words past, same-day and singular expiries', () => {
    expect(eoExpiryText(-3, '2026-11-19')).toBe(
      "Your agency's E&O coverage expired 3 days ago (Nov 19, 2026).",
    );
    expect(eoExpiryText(-1, '2026-11-21')).toContain('expired 1 day ago');
    expect(eoExpiryText(0, '2026-11-22')).toContain('expires today');
    expect(eoExpiryText(1, '2026-11-23')).toContain('expires in 1 day ');
  });
  it('links an admin to the E&O details, asks an agent to tell their admin, and shows a customer nothing', async () => {
    setSession('sk-1', USER, { id: 1, name: 'Demo Agency' });
    const admin = renderWithProviders(<EoExpiryAlert />);
    const link = await screen.findByRole('link', { name: 'Update the E&O details' });
    expect(link.getAttribute('href')).toBe('/dashboard/portal-settings/eo-details');
    admin.unmount();
    logout();

    setSession('sk-2', { ...USER, role: 'agent' }, { id: 1, name: 'Demo Agency' });
    const agent = renderWithProviders(<EoExpiryAlert />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ask your agency admin to renew it');
    expect(screen.queryByRole('link')).toBeNull();
    agent.unmount();
    logout();

    setSession('sk-3', { ...USER, role: 'customer' }, { id: 1, name: 'Demo Agency' });
    renderWithProviders(<EoExpiryAlert />);
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    // Not shown, so not spent: the flag stays as the sign-in set it.
    expect(getAuthState().eo_expiry_alert_displayed).toBe(false);
  });
});
