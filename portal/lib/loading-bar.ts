/**
 * The top loading bar of SPEC §4: idle, loading with progress, finished at 100 then hidden;
 * an error turns it red. Counts in-flight work so overlapping calls share one run.
 */
import { nprogress } from '@mantine/nprogress';
import { useSyncExternalStore } from 'react';
import { LOADING_BAR_THROTTLE_MS } from './constants.ts';

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
      nprogress.start();
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
    nprogress.complete();
  }
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
