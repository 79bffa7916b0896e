/**
 * /dashboard/portal-settings/eo-details: the E&O data with the expiry's days remaining, the empty
 * state, gating and the dialog's body; the days rule as properties. SPEC §2, §6 expiry days.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { daysUntil } from '../../portal/features/admin/api/days-until.ts';
import { eoExpiryText } from '../../portal/features/admin/api/eo-expiry-text.ts';
import { setSettingsCompanyId } from '../../portal/features/admin/api/settings-company-store.ts';
import { EoDetailsPage } from '../../portal/features/admin/components/eo-details-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { settingsFixture } from './admin-settings-fixtures.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

function signInAs(role: string) {
  setSession('sk-1', { id: 1, name: 'Sam', role, mga_company: { id: 10, name: 'Acme' } }, null);
}

beforeEach(() => {
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

describe('E&O details page', () => {
  it('shows carrier, policy number, limit and the expiry with days remaining', async () => {
    signInAs('admin');
    mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<EoDetailsPage />);
    const card = await screen.findByRole('region', { name: 'E&O coverage' });
    expect(card.textContent).toContain('Lloyds');
    expect(card.textContent).toContain('EO-123');
    expect(card.textContent).toContain('$1,000,000');
    expect(card.textContent).toContain('Jan 31, 2027');
    expect(within(card).getByText('12 days remaining')).toBeTruthy();
  });

  it('shows the empty state and adds the details', async () => {
    signInAs('admin');
    const calls = mockFetch(() =>
      envelope({ settings: settingsFixture({ eo_data: null, eo_expiry_days: null }) }),
    );
    renderWithProviders(<EoDetailsPage />);
    expect(await screen.findByText('No E&O details yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add E&O details' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save E&O details' }));
    expect(await within(dialog).findByText('Carrier cannot be empty!')).toBeTruthy();
    expect(within(dialog).getByText('Expiry date cannot be empty!')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Carrier/), { target: { value: 'Markel' } });
    fireEvent.change(within(dialog).getByLabelText(/^Policy number/), { target: { value: 'P-9' } });
    fireEvent.change(within(dialog).getByLabelText(/^Limit/), { target: { value: '500000' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expiry date/), { target: { value: '2027-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save E&O details' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'portal-settings/update-eo-details')?.body).toEqual({
        session_key: 'sk-1',
        eo_data: { carrier: 'Markel', policy_number: 'P-9', expiry: '2027-03-01', limit: 500000 },
      }),
    );
  });

  it('an agent sees no access', async () => {
    signInAs('agent');
    const calls = mockFetch(() => envelope({ settings: settingsFixture() }));
    renderWithProviders(<EoDetailsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have access to this page.');
    expect(calls).toEqual([]);
  });
});

describe('expiry days', () => {
  const DAY = 86_400_000;
  const now = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) });

  it('is the rounded-up whole days to the date (SPEC §6)', () => {
    fc.assert(
      fc.property(now, fc.integer({ min: -1000 * DAY, max: 1000 * DAY }), (t, delta) => {
        const days = daysUntil(new Date(t + delta).toISOString(), new Date(t));
        expect(days).toBe(Math.ceil(delta / DAY) || 0);
        // Rounded up: never fewer days than the exact span, less than one day more.
        expect(days).toBeGreaterThanOrEqual(delta / DAY);
        expect((days as number) - delta / DAY).toBeLessThan(1);
      }),
    );
  });

  it('is nothing for a missing or invalid date', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, undefined, '', 'not a date', '2026-13-45'), (value) => {
        expect(daysUntil(value)).toBeNull();
      }),
    );
  });

  it('reads as remaining, today or expired', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), (days) => {
        const text = eoExpiryText(days);
        if (days > 0) expect(text).toMatch(new RegExp(`^${days} days? remaining$`));
        else if (days === 0) expect(text).toBe('Expires today');
        else expect(text).toMatch(new RegExp(`^Expired ${-days} days? ago$`));
      }),
    );
    expect(eoExpiryText(null)).toBeNull();
    expect(eoExpiryText(1)).toBe('1 day remaining');
  });
});
