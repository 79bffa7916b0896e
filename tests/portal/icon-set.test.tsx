/**
 * The icon set in the portal (SPEC §9, ADR 372): icons come from the product's own endpoint; when
 * it does not answer within 500 ms, or fails, from the public icon service; when neither answers
 * the box stays empty at its size. Icons asked for together go in one request, each icon once.
 * The shell's navigation draws its icons from the set.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShellLayout } from '../../portal/components/app-shell-layout.tsx';
import { SetIcon } from '../../portal/components/set-icon.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import {
  fetchIcons,
  forgetIcons,
  ICON_SET_TIMEOUT_MS,
  PUBLIC_ICON_SERVICE,
} from '../../portal/lib/icon-set.ts';
import { iconSet, pickIcons } from '../../server/services/icon-set.ts';
import { ALL_AREAS } from './all-areas.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

/** The own endpoint's base: jsdom's origin is a local host (portal/lib/api-base.ts). */
const OWN = `${window.location.origin}/api`;

const UPLOAD = { body: '<path d="M1 1h2"/>' };
const iconJson = (icons: Record<string, unknown>) =>
  Response.json({ prefix: 'tabler', icons, width: 24, height: 24 });

/** A fetch that never answers until aborted (the own endpoint hanging). */
function hanging(_url: string, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}

beforeEach(() => {
  forgetIcons();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('fetchIcons', () => {
  it('takes the icons from the own endpoint when it answers', async () => {
    const fetchFn = vi.fn(async () => iconJson({ upload: UPLOAD }));
    const icons = await fetchIcons('tabler', ['upload'], fetchFn as unknown as typeof fetch);
    expect(icons.get('upload')).toEqual({ body: UPLOAD.body, width: 24, height: 24 });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls[0]).toEqual([`${OWN}/icons/tabler.json?icons=upload`, expect.anything()]);
  });

  it('falls back to the public icon service after 500 ms without an answer', async () => {
    vi.useFakeTimers();
    const urls: string[] = [];
    const fetchFn = vi.fn((url: string, init?: RequestInit) => {
      urls.push(url);
      return url.startsWith(OWN) ? hanging(url, init) : Promise.resolve(iconJson({ upload: UPLOAD }));
    });
    // AbortSignal.timeout runs on the real clock: stand in one on the fake clock.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
      return controller.signal;
    });
    const result = fetchIcons('tabler', ['upload'], fetchFn as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(ICON_SET_TIMEOUT_MS - 1);
    expect(urls).toEqual([`${OWN}/icons/tabler.json?icons=upload`]);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toEqual([
      `${OWN}/icons/tabler.json?icons=upload`,
      `${PUBLIC_ICON_SERVICE}/tabler.json?icons=upload`,
    ]);
    expect((await result).get('upload')?.body).toBe(UPLOAD.body);
  });

  it('falls back at once when the own endpoint fails, and resolves an alias of the public answer', async () => {
    const fetchFn = vi.fn(async (url: string) =>
      url.startsWith(OWN)
        ? new Response('down', { status: 503 })
        : Response.json({
            prefix: 'tabler',
            icons: { 'number-123': UPLOAD },
            aliases: { '123': { parent: 'number-123' } },
          }),
    );
    const icons = await fetchIcons('tabler', ['123'], fetchFn as unknown as typeof fetch);
    expect(icons.get('123')?.body).toBe(UPLOAD.body);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('answers no icon when neither answers, and refuses markup that could run code', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await fetchIcons('tabler', ['upload'], down as unknown as typeof fetch)).size).toBe(0);
    const evil = vi.fn(async () => iconJson({ upload: { body: '<image href="x" onerror="alert(1)"/>' } }));
    expect((await fetchIcons('tabler', ['upload'], evil as unknown as typeof fetch)).size).toBe(0);
  });
});

describe('SetIcon', () => {
  it('asks for the icons of one render in one request, and draws them as svg', async () => {
    const fetchFn = vi.fn(async () =>
      iconJson({ upload: UPLOAD, books: { body: '<circle r="2"/>', width: 16 } }),
    );
    vi.stubGlobal('fetch', fetchFn);
    const { container } = render(
      <>
        <SetIcon icon="tabler:upload" />
        <SetIcon icon="tabler:books" size={24} />
        <SetIcon icon="tabler:upload" />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('svg')).toHaveLength(3));
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(String((fetchFn.mock.calls[0] as unknown[])[0])).toBe(
      `${OWN}/icons/tabler.json?icons=upload,books`,
    );
    const books = container.querySelector('svg[data-icon="tabler:books"]') as SVGElement;
    expect(books.getAttribute('viewBox')).toBe('0 0 16 24');
    expect(books.getAttribute('width')).toBe('24');
    expect(books.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps an empty box of its size when the icon cannot be had', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { container } = render(<SetIcon icon="tabler:upload" size={20} />);
    await waitFor(() => expect(console.warn).toHaveBeenCalledTimes(2));
    const box = container.querySelector('[data-icon="tabler:upload"]') as HTMLElement;
    expect(box.tagName).toBe('SPAN');
    expect(box.style.width).toBe('20px');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('draws the navigation icons from the set', async () => {
    localStorage.clear();
    reloadAuthFromStorage();
    setSession('sk-1', { id: 7, name: 'Alex', role: 'agent', user_accesses_final: ALL_AREAS }, null);
    mockFetch(() => envelope({ isItWorkingHour: true }));
    // The endpoint's answer from the product's own set (server/services/icon-set.ts).
    const tabler = await iconSet('tabler');
    const shellFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const asked = url.startsWith(`${OWN}/icons/tabler.json?icons=`) ? [url, url.split('icons=')[1]] : null;
      return asked && tabler ? Response.json(pickIcons(tabler, asked[1].split(','))) : shellFetch(url, init);
    });
    renderWithProviders(<AppShellLayout onLogout={() => {}} />);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(nav.querySelector('svg[data-icon="tabler:upload"] path')).not.toBeNull());
    expect(nav.querySelector('svg[data-icon="tabler:layout-dashboard"]')).not.toBeNull();
  });
});
