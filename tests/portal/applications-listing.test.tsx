/** The listing: throttled backend filters (SPEC §9, 300 ms), the frontend alert filter (SPEC §4), states. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationRow } from '../../portal/features/applications/api/application-types.ts';
import {
  type ListingSearch,
  parseListingSearch,
} from '../../portal/features/applications/api/listing-search.ts';
import {
  ApplicationsListing,
  filterRowsByAlert,
} from '../../portal/features/applications/components/applications-listing.tsx';
import {
  getDetailsView,
  setDetailsView,
} from '../../portal/features/applications/stores/details-view-store.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { ALERT_COLORS, LISTING_FETCH_THROTTLE_MS } from '../../portal/lib/constants.ts';
import { mediaQueryList } from './media-query-list.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

function row(
  id: number,
  alert_color: ApplicationRow['alert_color'],
  extra: Partial<ApplicationRow> = {},
): ApplicationRow {
  return {
    id,
    application_id: `RMGA${String(id).padStart(7, '0')}`,
    status: 'new',
    carrier_quote_type: ['Primary'],
    application_type: 'flood',
    searched_address: `${id} Main St, Miami, FL 33101`,
    client_name: 'Pat Doe',
    min_quote_amount: id === 1 ? 1234.5 : null,
    application_source: 'Agent Portal',
    client_name_id: null,
    alert_color,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    ...extra,
  };
}

const ROWS = [row(1, 'red'), row(2, 'orange'), row(3, null), row(4, 'red'), row(5, 'purple')];

function listAnswer(rows: ApplicationRow[]) {
  return envelope({
    applications: {
      data: rows,
      current_page: 1,
      per_page: 25,
      next_page_url: null,
      path: '/api/agent-portal/get-agent-applications-list',
      prev_page_url: null,
      from: 1,
      last_page: 1,
      total: rows.length,
    },
    status_counts: { new: rows.length, launched: 0, completed: 0 },
  });
}

function Harness({ initial, searches }: { initial: Partial<ListingSearch>; searches: ListingSearch[] }) {
  const [search, setSearch] = useState(parseListingSearch(initial));
  return (
    <ApplicationsListing
      search={search}
      onSearchChange={(next) => {
        searches.push(next);
        setSearch(next);
      }}
      onCreated={() => {}}
    />
  );
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', agent: { id: 3 }, customer_id: null }, null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('filterRowsByAlert', () => {
  it('keeps every row for All Alerts and exactly the rows of the chosen colour otherwise', () => {
    const arbRow = fc
      .record({ id: fc.nat(), color: fc.constantFrom(null, ...ALERT_COLORS) })
      .map(({ id, color }) => row(id, color));
    fc.assert(
      fc.property(fc.array(arbRow), fc.constantFrom('' as const, ...ALERT_COLORS), (rows, alert) => {
        const kept = filterRowsByAlert(rows, alert);
        if (alert === '') expect(kept).toEqual(rows);
        else expect(kept).toEqual(rows.filter((r) => r.alert_color === alert));
      }),
    );
  });
});

describe('ApplicationsListing', () => {
  it('shows the rows with reference, formatted cheapest quote and link, and resets the details view', async () => {
    setDetailsView('quotes');
    const calls = mockFetch(() => listAnswer(ROWS));
    renderWithProviders(<Harness initial={{}} searches={[]} />);
    const link = await screen.findByRole('link', { name: 'RMGA0000001' });
    expect(link.getAttribute('href')).toBe('/agent-portal/application-details/1');
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(ROWS.length + 1);
    expect(calls[0].path).toBe('agent-portal/get-agent-applications-list?page=1&per_page=25');
    expect(calls[0].body).toMatchObject({
      agent_id: 3,
      session_key: 'sk-1',
      filters: { address: '', agent_id: 3 },
    });
    expect(getDetailsView()).toBe('form');
  });

  it("asks for as many rows as the user's rows-per-page setting says (issue 20: user settings apply)", async () => {
    setSession('sk-1', { id: 7, name: 'Alex', agent: { id: 3 } }, null, { default_per_page: 50 });
    const calls = mockFetch(() => listAnswer(ROWS));
    renderWithProviders(<Harness initial={{}} searches={[]} />);
    await screen.findByRole('link', { name: 'RMGA0000001' });
    expect(calls[0].path).toBe('agent-portal/get-agent-applications-list?page=1&per_page=50');
  });

  it('applies the alert filter in the browser without fetching again', async () => {
    const calls = mockFetch(() => listAnswer(ROWS));
    renderWithProviders(<Harness initial={{ alert: 'red' }} searches={[]} />);
    await screen.findByRole('link', { name: 'RMGA0000001' });
    expect(screen.getByRole('link', { name: 'RMGA0000004' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'RMGA0000002' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'RMGA0000003' })).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('throttles typed filters to one fetch per 300 ms and sends the final value', async () => {
    const calls = mockFetch(() => listAnswer(ROWS));
    const searches: ListingSearch[] = [];
    renderWithProviders(<Harness initial={{}} searches={searches} />);
    await screen.findByRole('link', { name: 'RMGA0000001' });
    const input = screen.getByLabelText('Address');
    const typed = ['M', 'Ma', 'Mai', 'Main', 'Main ', 'Main S', 'Main St'];
    const started = Date.now();
    for (const value of typed) fireEvent.change(input, { target: { value } });
    // Leading call at once, then at most one per window (a loaded machine renders each keystroke
    // slowly, so more windows may pass while typing), then the last value: never one per keystroke.
    const windows = Math.ceil((Date.now() - started) / LISTING_FETCH_THROTTLE_MS);
    expect(searches[0]?.address).toBe('M');
    expect(searches.length).toBeLessThanOrEqual(Math.min(1 + windows, typed.length));
    await waitFor(() => expect(searches.at(-1)?.address).toBe('Main St'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(searches.length).toBeLessThanOrEqual(Math.min(2 + windows, typed.length));
    if (windows <= 1) expect(searches).toHaveLength(2);
    expect(searches.every((s) => s.page === 1)).toBe(true);
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ filters: { address: 'Main St' } }));
    expect(calls.length).toBeLessThanOrEqual(Math.min(3 + windows, typed.length + 1));
  });

  it('shows cards with status and cheapest quote on a phone, filters folded until asked for', async () => {
    // A 390 px wide screen: every max-width query below the sm breakpoint matches.
    vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, query.includes('max-width')));
    mockFetch(() => listAnswer(ROWS));
    renderWithProviders(<Harness initial={{ address: 'Main', alert: '' }} searches={[]} />);
    const list = await screen.findByRole('list', { name: 'Applications' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(ROWS.length);
    expect(within(cards[0]).getByRole('link', { name: 'RMGA0000001' })).toBeTruthy();
    expect(within(cards[0]).getByText('new')).toBeTruthy();
    expect(within(cards[0]).getByText('$1,234.50')).toBeTruthy();
    expect(within(cards[0]).getByRole('img', { name: 'Red alert: an automatic launch failed' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Filters (1 active)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('Main');
  });

  it('shows the empty state when nothing matches', async () => {
    mockFetch(() => listAnswer([]));
    renderWithProviders(<Harness initial={{}} searches={[]} />);
    expect(await screen.findByText('No applications found')).toBeTruthy();
  });

  it('shows the error state with a retry when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<Harness initial={{}} searches={[]} />);
    expect(await screen.findByText('Could not load applications')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
