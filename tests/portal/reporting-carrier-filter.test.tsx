/**
 * The reporting page's carrier filter (issue 40) offers the families of the catalogue in use
 * (carrier-catalogue/carriers, issue 43): one published after the build is offered and filters the
 * report by its name; a loader while they load, an alert with Retry when they cannot be read.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { ReportingPage } from '../../portal/features/reporting/components/reporting-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import {
  CARRIERS_IN_USE,
  CARRIERS_WITH_HARBOR_MUTUAL,
  carriersFailingUntilRecovered,
  withCarriersInUse,
} from './carriers-in-use.ts';
import { EMPTY_REPORT } from './empty-report.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 2, name: 'Ada Admin', role: 'admin' }, null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The carrier filter's input, once the carriers are read. */
async function carrierFilter(): Promise<HTMLInputElement> {
  const input = (await screen.findByLabelText('Carrier', { selector: 'input' })) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  return input;
}

describe('the reporting carrier filter', () => {
  it('offers a carrier published after the build, which carriers.json lacks, and filters by it', async () => {
    expect(carriersFile.carriers.some((family) => family.name === 'harbor_mutual')).toBe(false);
    const calls = mockFetch(withCarriersInUse(() => envelope(EMPTY_REPORT), CARRIERS_WITH_HARBOR_MUTUAL));
    renderWithProviders(<ReportingPage />);
    fireEvent.click(await carrierFilter());
    fireEvent.click(await screen.findByRole('option', { name: 'Harbor Mutual' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === 'reporting/get-report').map((call) => call.body.filters),
      ).toContainEqual({ carrier: 'harbor_mutual' }),
    );
  });

  it('offers every family of the catalogue in use by display name', async () => {
    mockFetch(withCarriersInUse(() => envelope(EMPTY_REPORT)));
    renderWithProviders(<ReportingPage />);
    fireEvent.click(await carrierFilter());
    const listbox = await screen.findByRole('listbox');
    const names = CARRIERS_IN_USE.carriers.map((family) => family.display_name);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('says when the carriers cannot be read, and offers them on Retry; the report still shows', async () => {
    const carriers = carriersFailingUntilRecovered();
    mockFetch(carriers.answer(() => envelope(EMPTY_REPORT)));
    renderWithProviders(<ReportingPage />);
    const alert = (await screen.findByText('Could not load the carriers')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('The carriers are unavailable.');
    expect(screen.getByText('Applications')).toBeTruthy();
    carriers.recover();
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
    fireEvent.click(await carrierFilter());
    expect(await screen.findByRole('option', { name: 'Neptune Flood' })).toBeTruthy();
  });
});
