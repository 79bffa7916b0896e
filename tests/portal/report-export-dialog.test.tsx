/**
 * The reports CSV export dialog runs the export as a job (issue 12, ADR 411): it starts the job
 * with the chosen columns, the page's filters and the user's time zone, shows the rows written of
 * the rows in range while the job runs, then the download link of the report downloads path with
 * the session key (a link carries no body); a failed job says so.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportQuery } from '../../portal/features/reporting/api/get-report.ts';
import { ReportExportDialog } from '../../portal/features/reporting/components/report-export-dialog.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const QUERY: ReportQuery = {
  from: '2026-11-01',
  to: '2026-11-26',
  page: 1,
  perPage: 25,
  sort: { column: 'created_at', direction: 'desc' },
  filters: {
    company_id: '',
    agent_id: '',
    product: '',
    status: 'completed',
    state: '',
    source: '',
    carrier: '',
    alert_colour: '',
  },
};

const job = (overrides: Record<string, unknown>) => ({
  export: {
    id: 7,
    status: 'running',
    file_name: 'report-2026-11-01-to-2026-11-26.csv',
    rows_written: 0,
    rows_total: null,
    download_url: null,
    error: null,
    created_at: '2026-11-26T10:00:00.000Z',
    expires_at: '2026-12-03T10:00:00.000Z',
    ...overrides,
  },
});

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 2, name: 'Ada Admin', role: 'admin' }, null, { timezone: 'America/Chicago' });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('report export dialog', () => {
  it('starts the job, shows its progress, then the download link', async () => {
    const polls = [
      job({ rows_written: 0, rows_total: 250_000 }),
      job({ rows_written: 125_000, rows_total: 250_000 }),
      job({
        status: 'done',
        rows_written: 250_000,
        rows_total: 250_000,
        download_url: '/api/reporting/downloads/7',
      }),
    ];
    const calls = mockFetch((path) =>
      path === 'reporting/start-export'
        ? envelope(job({ status: 'queued' }))
        : envelope(polls.shift() ?? polls[0]),
    );
    renderWithProviders(<ReportExportDialog opened query={QUERY} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Address' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start export' }));
    await screen.findByText('0 of 250,000 rows written');
    await screen.findByText('125,000 of 250,000 rows written', {}, { timeout: 3000 });
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    const link = await screen.findByRole(
      'link',
      { name: /Download report-2026-11-01-to-2026-11-26.csv/ },
      { timeout: 3000 },
    );
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/api/reporting/downloads/7`);
    screen.getByText('250,000 rows.');
    // The file's expiry, in the user's time zone (America/Chicago).
    screen.getByText('Kept until Dec 3, 2026 4:00 AM.');
    const start = calls.find((call) => call.path === 'reporting/start-export');
    expect(start?.body).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-26',
      time_zone: 'America/Chicago',
      filters: { status: 'completed' },
    });
    expect(start?.body.columns).not.toContain('address');
    expect(
      calls.filter((call) => call.path === 'reporting/get-export').every((c) => c.body.export_id === 7),
    ).toBe(true);
    // Done: no more polling.
    const asked = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls.length).toBe(asked);
  });

  it('says when the job failed', async () => {
    mockFetch((path) =>
      path === 'reporting/start-export'
        ? envelope(job({ status: 'queued' }))
        : envelope(job({ status: 'failed', error: 'The export failed. Try again, or narrow the range.' })),
    );
    renderWithProviders(<ReportExportDialog opened query={QUERY} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start export' }));
    await screen.findByText('The export failed. Try again, or narrow the range.');
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
  });
});
