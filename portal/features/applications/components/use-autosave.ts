/** Debounced autosave of the details form with a visible state and retry on failure. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_RETRY_MS } from '../../../lib/constants.ts';

type TimerRef = { current: ReturnType<typeof setTimeout> | null };

function clearTimer(timer: TimerRef): void {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}

/** Autosave state: idle (nothing changed), saving, saved, retrying (last save failed). */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying';

/** Label shown for a save state. */
export function saveStateLabel(state: SaveState): string {
  switch (state) {
    case 'pending':
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'All changes saved';
    case 'retrying':
      return 'Not saved — retrying';
    default:
      return '';
  }
}

/**
 * Schedules `save(doc)` `debounceMs` (ms) after the last `schedule(doc)`; a false or thrown save
 * retries after `retryMs`. `flush()` saves a pending document now; `cancel()` drops it.
 */
export function useAutosave<T>(
  save: (doc: T) => Promise<boolean>,
  debounceMs = AUTOSAVE_DEBOUNCE_MS,
  retryMs = AUTOSAVE_RETRY_MS,
) {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ doc: T } | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  const run = useCallback(async () => {
    clearTimer(timer);
    const job = pending.current;
    if (!job) return;
    pending.current = null;
    setState('saving');
    let ok = false;
    try {
      ok = await saveRef.current(job.doc);
    } catch {
      ok = false;
    }
    if (ok) {
      setState(pending.current ? 'pending' : 'saved');
      return;
    }
    // Keep the newest document if the user edited during the failed save.
    pending.current ??= job;
    setState('retrying');
    timer.current = setTimeout(run, retryMs);
  }, [retryMs]);

  const schedule = useCallback(
    (doc: T) => {
      pending.current = { doc };
      setState((s) => (s === 'retrying' ? s : 'pending'));
      clearTimer(timer);
      timer.current = setTimeout(run, debounceMs);
    },
    [debounceMs, run],
  );

  const cancel = useCallback(() => {
    clearTimer(timer);
    pending.current = null;
  }, []);

  // Leaving the page must not lose the last edits: save what is still pending, once.
  useEffect(
    () => () => {
      clearTimer(timer);
      const job = pending.current;
      pending.current = null;
      if (job) void saveRef.current(job.doc).catch(() => undefined);
    },
    [],
  );

  return { state, schedule, flush: run, cancel };
}
