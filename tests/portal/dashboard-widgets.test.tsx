/**
 * Portal settings that take effect on the dashboard and the shell (issues 15, 16): the dashboard
 * shows exactly the widgets the company enabled, in the available order (quote summary, recent
 * applications, alerts, quote rush, E&O, training videos with "new", commission this month), and
 * the company's active banners show above pages, each dismissible; the first action is "New
 * application" and an alert says why in words (issue 40).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyNotices } from '../../portal/components/company-notices.tsx';
import { DashboardPage } from '../../portal/features/dashboard/components/dashboard-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const ROW = {
  id: 41,
  application_id: 'RMGA0000041',
  status: 'completed',
  carrier_quote_type: ['Primary'],
  application_type: 'flood',
  searched_address: '1500 Meridian Ave, Miami Beach, FL',
  min_quote_amount: 1234,
  updated_at: '2026-11-24T10:00:00Z',
};

/** Answers the dashboard's calls: one alerted row among two, one new video, a statement. */
function answer(path: string) {
  if (path.startsWith('agent-portal/get-agent-applications-list'))
    return envelope({
      applications: {
        data: [
          { ...ROW, alert_color: null },
          { ...ROW, id: 42, application_id: 'RMGA0000042', alert_color: 'red' },
        ],
        total: 2,
      },
      status_counts: { new: 3, launched: 1, completed: 2 },
    });
  if (path === 'resources/list')
    return envelope({
      resources: [{ id: 1, kind: 'training_video', title: 'NFIP basics', category: 'Flood', is_new: true }],
    });
  if (path === 'commission/get-statement')
    return envelope({
      lines: [],
      truncated: false,
      totals: { lines: 2, premium: 3000, commission: 450, paid: 150, payable: 300, without_rate: 0 },
    });
  if (path === 'portal-settings/active-banners')
    return envelope({
      banners: [
        {
          id: 5,
          message: 'Office closed Friday',
          color: 'yellow',
          starts_on: null,
          ends_on: null,
          is_active: true,
        },
      ],
    });
  return envelope({});
}

function signIn(company: Record<string, unknown>, eoExpiry: string | null = null) {
  setSession(
    'sk-1',
    { id: 7, name: 'Alex Agent', role: 'agent', agent: { id: 3 }, eo_expiry: eoExpiry },
    { id: 10, name: 'Demo', ...company },
  );
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('dashboard widgets', () => {
  it('shows every widget the company enabled, with its data', async () => {
    signIn(
      {
        dashboard_widgets: [
          'quote-summary',
          'recent-applications',
          'alerts',
          'quote-rush',
          'eo-expiry',
          'training-videos',
          'commission',
        ],
        quote_rush: { enabled: true, message: 'Hurricane season: quotes first' },
      },
      '2099-01-01',
    );
    mockFetch(answer);
    renderWithProviders(<DashboardPage />);
    expect((await screen.findByLabelText('New applications')).textContent).toBe('3');
    expect(await screen.findByRole('table', { name: 'Recent applications' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeTruthy();
    expect(await screen.findAllByText('RMGA0000042')).not.toHaveLength(0);
    // The alert says why in words, not only with a red dot (issue 40).
    expect(screen.getByText('Red alert: an automatic launch failed')).toBeTruthy();
    expect(screen.getByText('Hurricane season: quotes first')).toBeTruthy();
    expect(screen.getByText("Your agency's E&O coverage expires Jan 1, 2099.")).toBeTruthy();
    expect(await screen.findByText('NFIP basics')).toBeTruthy();
    expect(screen.getAllByText('New')).toHaveLength(2); // the status card and the video's badge
    expect(await screen.findByText('$300')).toBeTruthy();
  });

  it('offers "New application" first, then "View all applications" (issue 40)', async () => {
    signIn({ dashboard_widgets: [] });
    mockFetch(answer);
    renderWithProviders(<DashboardPage />);
    const actions = (await screen.findAllByRole('link')).map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(actions).toEqual([
      ['New application', '/agent-portal/application-details'],
      ['View all applications', '/agent-portal'],
    ]);
  });

  it('shows only the enabled widgets', async () => {
    signIn({ dashboard_widgets: ['training-videos'], quote_rush: { enabled: true, message: 'Rush' } });
    const calls = mockFetch(answer);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('NFIP basics')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Recent applications' })).toBeNull();
    expect(screen.queryByText('Rush')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Commission this month' })).toBeNull();
    expect(calls.some((call) => call.path === 'commission/get-statement')).toBe(false);
  });

  it('says quote rush is off when it is', async () => {
    signIn({ dashboard_widgets: ['quote-rush'], quote_rush: { enabled: false, message: 'Old message' } });
    mockFetch(answer);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Quote rush is off.')).toBeTruthy();
    expect(screen.queryByText('Old message')).toBeNull();
  });
});

describe('company banners', () => {
  it('shows the active banners above pages, each dismissible', async () => {
    signIn({});
    mockFetch(answer);
    renderWithProviders(<CompanyNotices />);
    expect(await screen.findByText('Office closed Friday')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss banner' }));
    await waitFor(() => expect(screen.queryByText('Office closed Friday')).toBeNull());
  });
});
