/**
 * The reporting listing asks for as many rows as the user's rows-per-page setting (SPEC §3
 * user_settings.default_per_page, issue 20), 25 when none is stored; the applications listing's
 * own case is in applications-listing.test.tsx.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportingPage } from '../../portal/features/reporting/components/reporting-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { withCarriersInUse } from './carriers-in-use.ts';
import { EMPTY_REPORT } from './empty-report.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function perPageAsked(settings: Record<string, unknown> | null): Promise<unknown> {
  setSession('sk-1', { id: 2, name: 'Ada Admin', role: 'admin' }, null, settings);
  const calls = mockFetch(withCarriersInUse(() => envelope(EMPTY_REPORT)));
  renderWithProviders(<ReportingPage />);
  await screen.findByText('Applications');
  return calls.find((call) => call.path === 'reporting/get-report')?.body.per_page;
}

describe('reporting page size', () => {
  it.each([10, 50, 100])("asks for the user's %i rows per page", async (rows) => {
    expect(await perPageAsked({ default_per_page: rows })).toBe(rows);
  });

  it('asks for 25 rows without a setting or with one the server would not accept', async () => {
    expect(await perPageAsked(null)).toBe(25);
    expect(await perPageAsked({ default_per_page: 7 })).toBe(25);
  });
});
