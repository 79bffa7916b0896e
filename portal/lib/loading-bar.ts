/**
 * The top loading bar of SPEC §4: idle, loading with progress, finished at 100 then hidden;
 * an error turns it red. Counts in-flight work so overlapping calls share one run.
 */
import {
  completeNavigationProgressAction,
  createNprogressStore,
  startNavigationProgressAction,
} from '@mantine/nprogress';
import { useSyncExternalStore } from 'react';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from './constants.ts';

/**
 * The bar's progress store, for components/shell-loading-bar.tsx. Initialized here, before any run
 * can start: NavigationProgress initializes an uninitialized store on its first render, and did so
 * over a run started before the shell first rendered (a page's first route load), losing the
 * run's step timer, which then stepped the bar at 100 and re-rendered it every 100 ms for the
 * life of the page. A bar step every LOADING_BAR_DURATION_MS / 20 ms.
 */
export const loadingBarStore = createNprogressStore();
loadingBarStore.initialize({
  mounted: false,
  progress: 0,
  interval: -1,
  step: 1,
  stepInterval: LOADING_BAR_DURATION_MS / 20,
  timeouts: [],
});

let active = 0;
let failed = false;
let showTimer: ReturnType<typeof setTimeout> | null = null;
let shown = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Marks one piece of work started; the bar shows only if work lasts past the 200 ms throttle. SPEC §9. */
export function loadingBarStart(): void {
  active += 1;
  if (active > 1 || showTimer !== null || shown) return;
  if (failed) {
    failed = false;
    emit();
  }
  showTimer = setTimeout(() => {
    showTimer = null;
    if (active > 0) {
      shown = true;
      startNavigationProgressAction(loadingBarStore);
    }
  }, LOADING_BAR_THROTTLE_MS);
}

/** Marks one piece of work done; `error` turns the bar red. Completes at 100 when all work is done. SPEC §4. */
export function loadingBarDone(error = false): void {
  active = Math.max(0, active - 1);
  if (error && !failed) {
    failed = true;
    emit();
  }
  if (active > 0) return;
  if (showTimer !== null) {
    clearTimeout(showTimer);
    showTimer = null;
  }
  if (shown) {
    shown = false;
    completeNavigationProgressAction(loadingBarStore);
  }
}

let routeLoading = false;

/**
 * A route load began (the router's onBeforeLoad for a new path): the route's part of the run, once
 * however many loads start before the router resolves one. The router resolves only the last of
 * loads that supersede each other (a guard's redirect, a click during a load), so counting each
 * load left the bar stepping for ever after the first superseded one.
 */
export function routeLoadStarted(): void {
  if (routeLoading) return;
  routeLoading = true;
  loadingBarStart();
}

/** The router resolved a location (onResolved): ends the route's part of the run, if under way. */
export function routeLoadResolved(): void {
  if (!routeLoading) return;
  routeLoading = false;
  loadingBarDone(false);
}

/**
 * True when no work is in flight and no run shows or waits for its throttle: the bar at rest. The
 * dom tests check it after each file, whose module state the next file of the worker shares (ADR 793).
 */
export function loadingBarAtRest(): boolean {
  return active === 0 && showTimer === null && !shown && !routeLoading;
}

function isFailed(): boolean {
  return failed;
}

/** True while the last run ended in an error (bar colour red). */
export function useLoadingBarFailed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isFailed,
    isFailed,
  );
}
