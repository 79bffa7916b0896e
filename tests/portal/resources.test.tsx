/**
 * Resources in the portal (issue 15): the watch dialog records the view when opened, progress every
 * 10 s of play and on pause, and the end; the carrier search matches carriers by name, product,
 * program and their documents' titles; each carrier shows its logo and links its underwriting guide.
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
import { carrierFamilies } from '../../portal/lib/carrier-catalog.ts';
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
  const titan = carrierFamilies().find((family) => family.name === 'titan');
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
    mockFetch(() => envelope({ resources: [] }));
    renderWithProviders(<CarrierResourcesPage />);
    const neptune = await screen.findByRole('region', { name: 'Neptune Flood' });
    expect(within(neptune).getByRole('img', { name: 'Neptune Flood logo' }).getAttribute('src')).toBe(
      '/carriers/neptune.svg',
    );
    expect(within(neptune).getByRole('link', { name: 'Underwriting guide' }).getAttribute('href')).toBe(
      '/guides/neptune-underwriting-guide.pdf',
    );
    expect(screen.getAllByRole('img', { name: / logo$/ })).toHaveLength(carrierFamilies().length);
  });
});
