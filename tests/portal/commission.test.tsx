/**
 * Commission in the portal (issue 12): "Mark as bound" on a quoted carrier sends the policy the
 * carrier issued and shows the bound badge once reloaded; a quote without a premium or already bound
 * offers no such action; the commission page shows the statement's totals and lines, lets admins
 * mark lines paid (agents cannot), warns of lines without a rate, and edits a carrier's rate.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application, Quote } from '../../portal/features/applications/api/application-types.ts';
import { ApplicationDetailsPage } from '../../portal/features/applications/components/application-details-page.tsx';
import { canBind } from '../../portal/features/applications/components/bind-quote-dialog.tsx';
import { resetDetailsView } from '../../portal/features/applications/stores/details-view-store.ts';
import { CommissionPage } from '../../portal/features/commission/components/commission-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import {
  CARRIERS_IN_USE,
  CARRIERS_WITH_HARBOR_MUTUAL,
  carriersFailingUntilRecovered,
  withCarriersInUse,
} from './carriers-in-use.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const QUOTE: Quote = {
  id: 5,
  carrier: 'titan',
  sub_carrier: null,
  display_name: 'Titan Flood',
  status: 'quoted',
  premium: 2400,
  coverages: {},
  benefits: [],
  message: null,
  indicative: false,
  requested_at: '2026-11-02T10:00:00.000Z',
  answered_at: '2026-11-02T10:01:00.000Z',
  expires_at: null,
  expired: false,
  differences: [],
  source: 'automatic',
  document: null,
  bound: null,
};

function application(quotes: Quote[]): Application {
  return {
    id: 42,
    application_id: 'RMGA0000042',
    status: 'completed',
    application_type: 'flood',
    carrier_quote_type: ['Primary'],
    is_cross_sale: false,
    min_quote_amount: 2400,
    payload: { useable_details: { state: 'FL', searched_address: '10 Harbor St, Miami, FL 33101' } },
    notes: [],
    quotes,
    application_relaunch_count: 0,
    schema_version: 1,
    version: 1,
    application_source: 'Agent Portal',
    client_name_id: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    launched_at: '2026-11-02T10:00:00.000Z',
  };
}

const STATEMENT = {
  lines: [
    {
      id: 1,
      agent_id: 3,
      company_id: 10,
      application_id: 42,
      reference: 'RMGA0000042',
      client_name: 'Dana Reyes',
      carrier: 'Titan Flood',
      product: 'Primary',
      business: 'new',
      policy_number: 'TTN-1',
      effective_date: '2026-11-03',
      premium: 2400,
      rate_percent: 12,
      commission: 288,
      paid: false,
      paid_at: null,
    },
  ],
  truncated: false,
  totals: { lines: 2, premium: 3400, commission: 288, paid: 0, payable: 288, without_rate: 1 },
};

function signIn(role: string) {
  setSession(
    'sk-1',
    { id: 7, name: 'Alex', role, agent: { id: 3 }, mga_company: { id: 10, name: 'Acme' } },
    null,
  );
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  resetDetailsView();
  // jsdom has no layout: Mantine's combobox scrolls the selected option into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Mark as bound', () => {
  it('is offered for a quoted carrier not yet bound nor expired', () => {
    expect(canBind(QUOTE)).toBe(true);
    expect(canBind({ ...QUOTE, premium: null })).toBe(false);
    expect(canBind({ ...QUOTE, expired: true })).toBe(false);
    expect(
      canBind({
        ...QUOTE,
        bound: {
          id: 1,
          policy_number: 'P',
          effective_date: '2026-11-03',
          premium: 1,
          business: 'new',
          paid: false,
        },
      }),
    ).toBe(false);
  });

  it('sends the policy the carrier issued and shows the bound badge after the reload', async () => {
    signIn('agent');
    let bound = false;
    const calls = mockFetch(
      withCarriersInUse((path) => {
        if (path === 'commission/bind-quote') {
          bound = true;
          return envelope({ bound_policy: { id: 1 } });
        }
        return envelope({
          application: application([
            bound
              ? {
                  ...QUOTE,
                  bound: {
                    id: 1,
                    policy_number: 'TTN-1',
                    effective_date: '2026-11-03',
                    premium: 2350,
                    business: 'renewal',
                    paid: false,
                  },
                }
              : QUOTE,
          ]),
        });
      }),
    );
    renderWithProviders(<ApplicationDetailsPage applicationId={42} onDeleted={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as bound: Titan Flood' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as bound' });
    const confirm = within(dialog).getByRole('button', { name: 'Mark as bound' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Policy number/ }), {
      target: { value: 'TTN-1' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Bound premium/ }), {
      target: { value: '2350' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Renewal' }));
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((call) => call.path === 'commission/bind-quote')).toBe(true));
    expect(calls.find((call) => call.path === 'commission/bind-quote')?.body).toMatchObject({
      application_id: 42,
      quote_id: 5,
      policy_number: 'TTN-1',
      premium: 2350,
      business: 'renewal',
    });
    expect(await screen.findByText('Bound · TTN-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as bound: Titan Flood' })).toBeNull();
  });
});

describe('commission page', () => {
  /** Renders nothing: answers the page's calls, the carriers in use as `carriers` answers them. */
  function open(carriers: () => unknown = () => envelope(CARRIERS_IN_USE)) {
    return mockFetch((path) => {
      if (path === 'carrier-catalogue/carriers') return carriers();
      if (path === 'commission/get-statement') return envelope(STATEMENT);
      if (path === 'commission/list-rates')
        return envelope({
          company_id: 10,
          rates: [
            {
              carrier: 'natgen_nfip',
              sub_carrier: '',
              product: 'Primary',
              new_business_percent: 15,
              renewal_percent: 15,
              updated_at: '',
            },
          ],
        });
      if (path === 'users/list') return envelope({ users: [] });
      return envelope({ changed: [1] });
    });
  }

  it('shows the totals and lines, warns of lines without a rate, and lets admins mark paid', async () => {
    signIn('admin');
    const calls = open();
    renderWithProviders(<CommissionPage />);
    const table = await screen.findByRole('table', { name: 'Commission statement' });
    expect(within(table).getByText('TTN-1')).toBeTruthy();
    expect(within(table).getByText('12%')).toBeTruthy();
    expect(screen.getAllByText('$288.00').length).toBeGreaterThan(0);
    expect(screen.getByText(/1 line has no commission rate/)).toBeTruthy();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select TTN-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'commission/set-paid')?.body).toMatchObject({
        ids: [1],
        paid: true,
      }),
    );
  });

  it('gives agents their statement without paid marks, and the rates read-only', async () => {
    signIn('agent');
    open();
    renderWithProviders(<CommissionPage />);
    await screen.findByRole('table', { name: 'Commission statement' });
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Rates' }));
    const rate = await screen.findByRole('textbox', { name: /New business % of NatGen NFIP/ });
    expect((rate as HTMLInputElement).readOnly).toBe(true);
    expect((rate as HTMLInputElement).value).toBe('15%');
  });

  it('lists a carrier published after the build among the rates of its products', async () => {
    signIn('admin');
    open(() => envelope(CARRIERS_WITH_HARBOR_MUTUAL));
    renderWithProviders(<CommissionPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Rates' }));
    const rate = await screen.findByRole('textbox', { name: /New business % of Harbor Mutual/ });
    expect((rate as HTMLInputElement).value).toBe('');
  });

  it('says when the carriers of the rates cannot be read, and shows the rates on Retry', async () => {
    signIn('admin');
    const carriers = carriersFailingUntilRecovered();
    open(carriers.carriers);
    renderWithProviders(<CommissionPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Rates' }));
    const alert = (await screen.findByText('Could not load the carriers')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('The carriers are unavailable.');
    expect(screen.queryByRole('table', { name: /Commission rates/ })).toBeNull();
    carriers.recover();
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: /New business % of NatGen NFIP/ })).toBeTruthy();
  });

  it('lets admins change a rate and save it', async () => {
    signIn('admin');
    const calls = open();
    renderWithProviders(<CommissionPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Rates' }));
    const rate = await screen.findByRole('textbox', { name: /Renewal % of NatGen NFIP/ });
    fireEvent.change(rate, { target: { value: '12.5' } });
    const row = rate.closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'commission/set-rate')?.body).toMatchObject({
        company_id: 10,
        carrier: 'natgen_nfip',
        sub_carrier: '',
        product: 'Primary',
        new_business_percent: 15,
        renewal_percent: 12.5,
      }),
    );
  });
});
