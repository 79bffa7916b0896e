/**
 * The top loading bar (SPEC §4, §9; portal/lib/loading-bar.ts): it shows only for work lasting past
 * the 200 ms throttle, finishes at 100 and is hidden once all work is done, and then stands still.
 * A run started before the bar first rendered used to lose its step timer to the bar's first render
 * and step for the life of the page; a route load a guard's redirect superseded used to leave the
 * run open for good.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellLoadingBar } from '../../portal/components/shell-loading-bar.tsx';
import { logout } from '../../portal/lib/auth-store.ts';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '../../portal/lib/constants.ts';
import { loadingBarDone, loadingBarStart, loadingBarStore } from '../../portal/lib/loading-bar.ts';
import { theme } from '../../portal/lib/theme.ts';
import { createAppRouter } from '../../portal/router.tsx';

/** The bar's shown state: whether it is up and its progress (0-100). */
const bar = () => ({
  mounted: loadingBarStore.getState().mounted,
  progress: loadingBarStore.getState().progress,
});

describe('the loading bar', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows past the throttle, steps while work lasts, and stands still at rest once done', () => {
    vi.useFakeTimers();
    loadingBarStart();
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS - 1);
    expect(bar()).toEqual({ mounted: false, progress: 0 });
    vi.advanceTimersByTime(1);
    // The page's first route load starts a run before the shell and its bar first render.
    const view = render(
      <MantineProvider theme={theme} env="test">
        <ShellLoadingBar />
      </MantineProvider>,
    );
    const shown = bar().progress;
    act(() => vi.advanceTimersByTime(LOADING_BAR_DURATION_MS / 4));
    expect(bar().mounted).toBe(true);
    expect(bar().progress).toBeGreaterThan(shown);
    act(() => loadingBarDone());
    expect(bar().progress).toBe(100);
    act(() => vi.advanceTimersByTime(LOADING_BAR_DURATION_MS));
    expect(bar()).toEqual({ mounted: false, progress: 0 });
    act(() => vi.advanceTimersByTime(10 * LOADING_BAR_DURATION_MS));
    expect(bar()).toEqual({ mounted: false, progress: 0 });
    view.unmount();
  });

  it('never shows for work done within the throttle', () => {
    vi.useFakeTimers();
    loadingBarStart();
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS / 2);
    loadingBarDone();
    vi.advanceTimersByTime(LOADING_BAR_DURATION_MS);
    expect(bar()).toEqual({ mounted: false, progress: 0 });
  });

  describe('after route loads that a redirect superseded', () => {
    beforeEach(() => {
      localStorage.clear();
      logout();
      const answer = { status: 'success', code: 200, message: '', data: {}, error_obj: null };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(answer))),
      );
    });

    it('ends the next run once its work is done', async () => {
      // A signed-out visit to a guarded page: the load of /agent-portal is superseded by the login page's.
      const router = createAppRouter(
        async () => new QueryClient(),
        createMemoryHistory({ initialEntries: ['/agent-portal'] }),
      );
      await router.load();
      expect(router.state.location.pathname).toBe('/auth/login');
      vi.useFakeTimers();
      loadingBarStart();
      vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS);
      expect(bar().mounted).toBe(true);
      loadingBarDone();
      vi.advanceTimersByTime(LOADING_BAR_DURATION_MS);
      expect(bar()).toEqual({ mounted: false, progress: 0 });
    });
  });
});
