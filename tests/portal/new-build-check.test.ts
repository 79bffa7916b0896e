/**
 * The hourly check for a newer build (SPEC §9 3 600 000 ms) against the build metadata manifest
 * (SPEC §7, /build-meta.json written by vite.config.ts): a different id shows the reload toast once;
 * the same id, an unreadable manifest or the dev build show nothing.
 */
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_BUILD_CHECK_INTERVAL_MS } from '../../portal/lib/constants.ts';
import { latestBuildId, startNewBuildCheck } from '../../portal/lib/new-build-check.ts';

function manifestFetch(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('new build check', () => {
  it('checks every hour and shows the reload toast once when the manifest names another build', async () => {
    expect(NEW_BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'new-build');
    const fetchMock = manifestFetch(() => json({ id: 'build-2', built_at: '2026-11-24T17:00:00Z' }));
    const stop = startNewBuildCheck('build-1');
    await vi.advanceTimersByTimeAsync(NEW_BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledWith('/build-meta.json', { cache: 'no-store' });
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0][0]).toMatchObject({ id: 'new-build', title: 'A new version is available' });
    // Once told, it stops asking.
    await vi.advanceTimersByTimeAsync(NEW_BUILD_CHECK_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stays quiet for the same build, an unreadable manifest and the dev build', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'new-build');
    manifestFetch(() => json({ id: 'build-1' }));
    const stop = startNewBuildCheck('build-1');
    await vi.advanceTimersByTimeAsync(NEW_BUILD_CHECK_INTERVAL_MS * 2);
    stop();
    const devFetch = manifestFetch(() => json({ id: 'build-9' }));
    startNewBuildCheck('dev')();
    await vi.advanceTimersByTimeAsync(NEW_BUILD_CHECK_INTERVAL_MS * 2);
    expect(devFetch).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();

    manifestFetch(() => json({ error: 'none' }, 404));
    expect(await latestBuildId()).toBeNull();
    manifestFetch(() => new Response('<html>', { status: 200 }));
    expect(await latestBuildId()).toBeNull();
    manifestFetch(() => {
      throw new TypeError('offline');
    });
    expect(await latestBuildId()).toBeNull();
  });
});
