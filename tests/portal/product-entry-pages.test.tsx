/**
 * The product entry pages of SPEC §2 (/agent-portal/commercial-flood, /agent-portal/excess-flood):
 * what they quote, who writes it (the carriers in use, carrier-catalogue/carriers, issue 43: a
 * carrier published after the build is listed; an alert with Retry when they cannot be read), the start button into the New application dialog with the product chosen, and their links
 * in the shell navigation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveCarrier } from '../../carrier-catalog/carrier-settings.ts';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { activeNavPath } from '../../portal/components/app-shell-layout.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { carriersWritingProduct } from '../../portal/lib/carrier-catalog.ts';
import { ALL_AREAS } from './all-areas.ts';
import {
  CARRIERS_IN_USE,
  CARRIERS_WITH_HARBOR_MUTUAL,
  carriersFailingUntilRecovered,
  withCarriersInUse,
} from './carriers-in-use.ts';
import { renderAppAt } from './render-app-at.tsx';
import { envelope, mockFetch } from './render-with-providers.tsx';

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession(
    'sk-1',
    { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 }, user_accesses_final: ALL_AREAS },
    null,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('carriersWritingProduct', () => {
  it('lists exactly the carriers and sub-carriers whose resolved quote types include the product', () => {
    const products = ['Primary', 'Excess', 'Commercial', 'Mobile'];
    fc.assert(
      fc.property(fc.constantFrom(...products, 'Unknown'), (product) => {
        const expected = carriersFile.carriers.flatMap((family) =>
          (family.subCarriers.length > 0 ? family.subCarriers : [null])
            .map((sub) => resolveCarrier(family, sub))
            .filter((r) => r.settings.quote_types.includes(product))
            .map((r) => r.displayName),
        );
        expect(carriersWritingProduct(product, CARRIERS_IN_USE).map((w) => w.display_name)).toEqual(expected);
      }),
    );
  });

  it('sorts commercial writers into automatic, SOV and manual', () => {
    const writers = carriersWritingProduct('Commercial', CARRIERS_IN_USE);
    const names = (channel: string) =>
      writers.filter((w) => w.channel === channel).map((w) => w.display_name);
    expect(names('sov')).toEqual(
      expect.arrayContaining(['Tokio Marine Highland', 'Wright Brokerage', 'JOE Flood', 'FTP Flood']),
    );
    expect(names('manual')).toEqual(expect.arrayContaining(['AMWins', 'Johnson and Johnson']));
    expect(names('automatic')).toEqual(expect.arrayContaining(['NatGen NFIP', 'Dual Flood Commercial']));
    expect(names('automatic')).not.toContain('Tokio Marine Highland');
  });
});

describe('activeNavPath', () => {
  it('is the longest navigation path the location is in', () => {
    const paths = [
      '/dashboard',
      '/agent-portal',
      '/agent-portal/commercial-flood',
      '/agent-portal/excess-flood',
    ];
    expect(activeNavPath('/agent-portal/commercial-flood', paths)).toBe('/agent-portal/commercial-flood');
    expect(activeNavPath('/agent-portal/application-details/4', paths)).toBe('/agent-portal');
    expect(activeNavPath('/sov-quote/tmh/4', paths)).toBeNull();
    // Pages under /dashboard are areas of their own: the Dashboard entry is lit only on /dashboard.
    expect(activeNavPath('/dashboard', paths)).toBe('/dashboard');
    expect(activeNavPath('/dashboard/plans', paths)).toBeNull();
    expect(activeNavPath('/dashboard/profile', paths)).toBeNull();
    expect(activeNavPath('/dashboard/plans', paths, [])).toBe('/dashboard');
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.stringMatching(/^(\/[a-z0-9-]{1,8}){0,2}$/), (base, rest) => {
        const active = activeNavPath(`${base}${rest}`, paths, []);
        expect(active).not.toBeNull();
        expect(`${base}${rest}` === active || `${base}${rest}`.startsWith(`${active}/`)).toBe(true);
        expect((active ?? '').length).toBeGreaterThanOrEqual(base.length);
      }),
    );
  });
});

describe('the entry pages', () => {
  it('commercial-flood lists its writers by channel and starts a Commercial application', async () => {
    const calls = mockFetch(
      withCarriersInUse((path) => {
        if (path === 'address/zip-lookup')
          return envelope({
            zip: '33101',
            city: 'Miami',
            state: 'FL',
            county: 'Miami-Dade',
            lat: 25.77,
            lng: -80.19,
          });
        if (path === 'auth/me')
          return envelope({
            user: { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 }, user_accesses_final: ALL_AREAS },
            company: null,
          });
        if (path === 'agent-portal/create-new-application') return envelope({ application: { id: 77 } });
        // The details page it opens is not under test here.
        if (path === 'agent-portal/get-application-by-id')
          return envelope(null, { status: 'error', code: 404, message: 'Application not found.' });
        return envelope({ isItWorkingHour: true });
      }),
    );
    const { router } = await renderAppAt('/agent-portal/commercial-flood');
    expect(await screen.findByRole('heading', { name: 'Commercial flood' })).toBeTruthy();
    expect(screen.getByText('What it quotes')).toBeTruthy();
    const sov = await screen.findByRole('group', { name: 'Managed programs (SOV)' });
    expect(within(sov).getByText('Tokio Marine Highland')).toBeTruthy();
    const manual = screen.getByRole('group', { name: 'Manual carriers' });
    expect(within(manual).getByText('AMWins')).toBeTruthy();
    expect(within(manual).queryByText('MSI')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Start a commercial application' }));
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    expect(
      (within(dialog).getByLabelText('Quote type', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('Commercial');
    fireEvent.change(within(dialog).getByLabelText(/^Zip/), { target: { value: '33101' } });
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/^City/) as HTMLInputElement).value).toBe('Miami'),
    );
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Address 1/ }), {
      target: { value: '10 Harbor St' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create application' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'agent-portal/create-new-application')).toBe(true),
    );
    const create = calls.find((c) => c.path === 'agent-portal/create-new-application');
    expect(create?.body).toMatchObject({ carrier_quote_type: 'Commercial', agent_id: 3 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent-portal/application-details/77'));
    // The details page opened and asked for the application while this test's mock answers (404),
    // not the next test's.
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'agent-portal/get-application-by-id')).toBe(true),
    );
  });

  it('excess-flood lists Excess writers and chooses Residential Excess', async () => {
    mockFetch(withCarriersInUse(() => envelope({ isItWorkingHour: true })));
    await renderAppAt('/agent-portal/excess-flood');
    expect(await screen.findByRole('heading', { name: 'Excess flood' })).toBeTruthy();
    const automatic = await screen.findByRole('group', { name: 'Quoted automatically' });
    for (const name of carriersWritingProduct('Excess', CARRIERS_IN_USE).filter(
      (w) => w.channel === 'automatic',
    ))
      expect(within(automatic).getByText(name.display_name)).toBeTruthy();
    expect(within(automatic).queryByText('Hippo')).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Managed programs (SOV)' })).getByText(
        'None for this product.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start an excess application' }));
    const dialog = await screen.findByRole('dialog', { name: 'New application' });
    expect(
      (within(dialog).getByLabelText('Quote type', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('Residential Excess');
  });

  it('lists a carrier published after the build, which carriers.json lacks', async () => {
    expect(carriersFile.carriers.some((family) => family.name === 'harbor_mutual')).toBe(false);
    mockFetch(withCarriersInUse(() => envelope({ isItWorkingHour: true }), CARRIERS_WITH_HARBOR_MUTUAL));
    await renderAppAt('/agent-portal/commercial-flood');
    const automatic = await screen.findByRole('group', { name: 'Quoted automatically' });
    expect(within(automatic).getByText('Harbor Mutual')).toBeTruthy();
  });

  it('says when the carriers cannot be read, and lists them on Retry', async () => {
    const carriers = carriersFailingUntilRecovered();
    const calls = mockFetch(carriers.answer(() => envelope({ isItWorkingHour: true })));
    await renderAppAt('/agent-portal/commercial-flood');
    expect(await screen.findByRole('heading', { name: 'Commercial flood' })).toBeTruthy();
    const alert = (await screen.findByText('Could not load the carriers')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('The carriers are unavailable.');
    expect(screen.queryByRole('group', { name: 'Managed programs (SOV)' })).toBeNull();
    carriers.recover();
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
    const sov = await screen.findByRole('group', { name: 'Managed programs (SOV)' });
    expect(within(sov).getByText('Tokio Marine Highland')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'carrier-catalogue/carriers')).toHaveLength(2);
  });

  it('the shell links to both pages and marks the current one', async () => {
    mockFetch(
      withCarriersInUse((path) =>
        path === 'auth/me'
          ? envelope({
              user: { id: 7, name: 'Alex', role: 'agent', user_accesses_final: ALL_AREAS },
              company: null,
            })
          : envelope({ isItWorkingHour: true }),
      ),
    );
    await renderAppAt('/agent-portal/excess-flood');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const commercial = within(nav).getByRole('link', { name: 'Commercial flood' });
    const excess = within(nav).getByRole('link', { name: 'Excess flood' });
    expect(commercial.getAttribute('href')).toBe('/agent-portal/commercial-flood');
    expect(excess.getAttribute('data-active')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Applications' }).getAttribute('data-active')).toBeNull();
  });
});
