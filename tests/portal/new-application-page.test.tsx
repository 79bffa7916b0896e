/**
 * /agent-portal/application-details with no id (SPEC §2 Routes, ADR 373): a page of its own inside
 * the shell whose New application dialog is open on arrival; creating opens the new application's
 * details in its place; closing leaves the way to start again and back to the listing.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { ALL_AREAS } from './all-areas.ts';
import { renderAppAt } from './render-app-at.tsx';
import { envelope, mockFetch } from './render-with-providers.tsx';

const AGENT = { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 }, user_accesses_final: ALL_AREAS };

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', AGENT, null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/agent-portal/application-details without an id', () => {
  it('opens the New application dialog and, once created, the application in its place', async () => {
    const calls = mockFetch((path) => {
      if (path === 'address/zip-lookup')
        return envelope({
          zip: '33139',
          city: 'Miami Beach',
          state: 'FL',
          county: 'Miami-Dade',
          lat: 25.79,
          lng: -80.13,
        });
      if (path === 'auth/me') return envelope({ user: AGENT, company: null });
      if (path === 'agent-portal/create-new-application') return envelope({ application: { id: 91 } });
      // The details page it opens is not under test here.
      if (path === 'agent-portal/get-application-by-id')
        return envelope(null, { status: 'error', code: 404, message: 'Application not found.' });
      return envelope({ isItWorkingHour: true });
    });
    const { router } = await renderAppAt('/agent-portal/application-details');
    expect(router.state.location.pathname).toBe('/agent-portal/application-details');
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    fireEvent.change(within(dialog).getByLabelText(/^Zip/), { target: { value: '33139' } });
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/^City/) as HTMLInputElement).value).toBe('Miami Beach'),
    );
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Address 1/ }), {
      target: { value: '1500 Meridian Ave' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent-portal/application-details/91'));
    expect(calls.find((c) => c.path === 'agent-portal/create-new-application')?.body).toMatchObject({
      carrier_quote_type: 'Primary',
      agent_id: 3,
    });
    // Replaced, not pushed: going back does not return to an empty page.
    expect(router.history.length).toBe(1);
    // The details page opened and asked for the application while this test's mock answers (404),
    // not the next test's.
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'agent-portal/get-application-by-id')).toBe(true),
    );
  });

  it('leaves the way to start again and back to the listing when the dialog is closed', async () => {
    mockFetch((path) =>
      path === 'auth/me' ? envelope({ user: AGENT, company: null }) : envelope({ isItWorkingHour: true }),
    );
    await renderAppAt('/agent-portal/application-details');
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New application' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'New application' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to applications' }).getAttribute('href')).toBe(
      '/agent-portal',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start an application' }));
    expect(await screen.findByRole('dialog', { name: 'New application' })).toBeTruthy();
  });
});
