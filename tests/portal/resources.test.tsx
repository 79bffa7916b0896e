/**
 * Resources in the portal (issue 15): the watch dialog records the view when opened, progress every
 * 10 s of play and on pause, and the end; the carrier search matches carriers by name, product,
 * program and their documents' titles; each carrier of the catalogue in use (issue 43: one published
 * after the build too) shows its logo and links its underwriting guide; an alert with Retry when the
 * carriers cannot be read; the add-document dialog picks among the carriers in use.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../portal/features/resources/api/resources-api.ts';
import {
  CarrierResourcesPage,
  carrierMatches,
} from '../../portal/features/resources/components/carrier-resources-page.tsx';
import {
  formatSeconds,
  WatchVideoDialog,
  watchedWords,
} from '../../portal/features/resources/components/watch-video-dialog.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { carrierFamiliesByDisplayName } from '../../portal/lib/carrier-catalog.ts';
import {
  CARRIERS_IN_USE,
  CARRIERS_WITH_HARBOR_MUTUAL,
  carriersFailingUntilRecovered,
  HARBOR_MUTUAL,
  withCarriersInUse,
} from './carriers-in-use.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const VIDEO: Resource = {
  id: 9,
  kind: 'training_video',
  scope: 'company',
  company_id: 10,
  carrier: null,
  title: 'NFIP basics',
  description: 'Coverage A and B',
  category: 'Flood',
  url: 'https://videos.example.com/nfip.mp4',
  file_name: null,
  file_url: null,
  created_at: '2026-11-25T09:00:00Z',
  is_new: true,
  seconds_watched: 0,
  completed: false,
};

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', agent: { id: 3 } }, null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('watch-resource-video dialog', () => {
  it('records the opening, progress every 10 s and on pause, and the end', async () => {
    const calls = mockFetch(() => envelope({ seconds_watched: 0, completed: false }));
    renderWithProviders(<WatchVideoDialog video={VIDEO} onClose={() => {}} />);
    const video = (await screen.findByLabelText('Video: NFIP basics')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(VIDEO.url);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'resources/record-view')).toHaveLength(1),
    );
    const views = () =>
      calls.filter((call) => call.path === 'resources/record-view').map((call) => call.body);
    Object.defineProperty(video, 'currentTime', { value: 4, configurable: true, writable: true });
    fireEvent.timeUpdate(video);
    expect(views()).toHaveLength(1);
    video.currentTime = 12.5;
    fireEvent.timeUpdate(video);
    video.currentTime = 15;
    fireEvent.pause(video);
    video.currentTime = 60;
    fireEvent.ended(video);
    await waitFor(() => expect(views()).toHaveLength(4));
    expect(views().slice(1)).toEqual([
      expect.objectContaining({ id: 9, seconds_watched: 12.5, completed: false }),
      expect.objectContaining({ id: 9, seconds_watched: 15, completed: false }),
      expect.objectContaining({ id: 9, seconds_watched: 60, completed: true }),
    ]);
  });

  it('says where the user is in a video', () => {
    expect(formatSeconds(95)).toBe('1:35');
    expect(watchedWords({ completed: false, seconds_watched: 0 })).toBe('Not started');
    expect(watchedWords({ completed: false, seconds_watched: 95 })).toBe('Stopped at 1:35');
    expect(watchedWords({ completed: true, seconds_watched: 95 })).toBe('Watched to the end');
  });
});

describe('carrier search', () => {
  const titan = CARRIERS_IN_USE.carriers.find((family) => family.name === 'titan');
  const doc = { ...VIDEO, kind: 'carrier_document' as const, carrier: 'titan', title: 'Binding authority' };

  it('matches by name, product and document title, and not otherwise', () => {
    if (!titan) throw new Error('carriers.json has no titan');
    expect(carrierMatches(titan, [], '')).toBe(true);
    expect(carrierMatches(titan, [], 'titan')).toBe(true);
    expect(carrierMatches(titan, [], 'excess')).toBe(true);
    expect(carrierMatches(titan, [doc], 'binding')).toBe(true);
    expect(carrierMatches(titan, [], 'binding')).toBe(false);
  });
});

describe('carrier resources page', () => {
  it("shows every family's logo with its name as alt text, and links its underwriting guide", async () => {
    mockFetch(withCarriersInUse(() => envelope({ resources: [] })));
    renderWithProviders(<CarrierResourcesPage />);
    const neptune = await screen.findByRole('region', { name: 'Neptune Flood' });
    expect(within(neptune).getByRole('img', { name: 'Neptune Flood logo' }).getAttribute('src')).toBe(
      '/carriers/neptune.svg',
    );
    expect(within(neptune).getByRole('link', { name: 'Underwriting guide' }).getAttribute('href')).toBe(
      '/guides/neptune-underwriting-guide.pdf',
    );
    expect(screen.getAllByRole('img', { name: / logo$/ })).toHaveLength(CARRIERS_IN_USE.carriers.length);
  });

  it('shows a carrier published after the build, which carriers.json lacks, in display-name order', async () => {
    mockFetch(withCarriersInUse(() => envelope({ resources: [] }), CARRIERS_WITH_HARBOR_MUTUAL));
    renderWithProviders(<CarrierResourcesPage />);
    const harbor = await screen.findByRole('region', { name: 'Harbor Mutual' });
    expect(within(harbor).getByRole('img', { name: 'Harbor Mutual logo' }).getAttribute('src')).toBe(
      HARBOR_MUTUAL.image,
    );
    expect(within(harbor).getByText('No underwriting guide published.')).toBeTruthy();
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(
      carrierFamiliesByDisplayName(CARRIERS_WITH_HARBOR_MUTUAL).map((family) => family.display_name),
    );
  });

  it('says when the carriers cannot be read, and shows them on Retry', async () => {
    const carriers = carriersFailingUntilRecovered();
    mockFetch(carriers.answer(() => envelope({ resources: [] })));
    renderWithProviders(<CarrierResourcesPage />);
    const alert = (await screen.findByText('Could not load the carriers')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('The carriers are unavailable.');
    expect(screen.queryByText(/No carrier or document matches/)).toBeNull();
    carriers.recover();
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Neptune Flood' })).toBeTruthy();
    expect(screen.queryByText('Could not load the carriers')).toBeNull();
  });

  it("offers the carriers in use in the add-document dialog's carrier picker", async () => {
    setSession('sk-1', { id: 7, name: 'Alex', role: 'admin', agent: { id: 3 } }, null);
    mockFetch(withCarriersInUse(() => envelope({ resources: [] }), CARRIERS_WITH_HARBOR_MUTUAL));
    renderWithProviders(<CarrierResourcesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add document: Harbor Mutual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add carrier document' });
    const picker = within(dialog).getByLabelText(/^Carrier/, { selector: 'input' }) as HTMLInputElement;
    expect(picker.value).toBe('Harbor Mutual');
  });
});
