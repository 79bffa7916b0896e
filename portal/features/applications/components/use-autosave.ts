/**
 * Debounced autosave of the details form with a visible state, retries with backoff (and at once
 * when the browser is back online), and a conflict state the form resolves. docs/decisions/032, 101.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_RETRY_MAX_MS, AUTOSAVE_RETRY_MS } from '../../../lib/constants.ts';

type TimerRef = { current: ReturnType<typeof setTimeout> | null };

function clearTimer(timer: TimerRef): void {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}

/**
 * What one save attempt came to: saved; offline (no answer, or the server failed: retried);
 * failed (the server failed it otherwise: retried); conflict (the application changed elsewhere:
 * not retried, the caller resolves it and schedules again); refused (the server refused a value
 * the form shows at its field: not retried, the next edit saves again; issue 37).
 */
export type SaveOutcome = 'saved' | 'offline' | 'failed' | 'conflict' | 'refused';

/** Autosave state: idle (nothing changed), pending, saving, saved, retrying, offline, conflict or refused. */
export type SaveState =
  | 'idle'
  | 'pending'
  | 'saving'
  | 'saved'
  | 'retrying'
  | 'offline'
  | 'conflict'
  | 'refused';

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
    case 'offline':
      return 'Offline — changes kept on this device, will retry';
    case 'conflict':
      return 'Changed elsewhere — not saved';
    case 'refused':
      return 'Not saved — see the marked field';
    default:
      return '';
  }
}

/**
 * Delay in ms before retry number `attempt` (0 for the first): `baseMs` doubled per attempt,
 * at most `maxMs`.
 */
export function retryDelayMs(
  attempt: number,
  baseMs = AUTOSAVE_RETRY_MS,
  maxMs = AUTOSAVE_RETRY_MAX_MS,
): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
}

/**
 * Schedules `save(doc)` `debounceMs` (ms) after the last `schedule(doc)`, one save at a time. An
 * offline or failed save retries after `retryDelayMs` (from `retryMs` up to `maxRetryMs`), and at
 * once on the window's `online` event; a thrown save counts as offline; a conflict waits for the
 * caller, and a refusal for the next edit. `flush()` saves a pending document now; `cancel()` drops it and goes back to idle.
 */
export function useAutosave<T>(
  save: (doc: T) => Promise<SaveOutcome>,
  debounceMs = AUTOSAVE_DEBOUNCE_MS,
  retryMs = AUTOSAVE_RETRY_MS,
  maxRetryMs = AUTOSAVE_RETRY_MAX_MS,
) {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ doc: T } | null>(null);
  const inFlight = useRef(false);
  const attempts = useRef(0);
  const unmounted = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;

  const run = useCallback(async () => {
    // A second save based on the same version would only conflict with the first: wait for it.
    if (inFlight.current) return;
    clearTimer(timer);
    const job = pending.current;
    if (!job) return;
    pending.current = null;
    inFlight.current = true;
    setState('saving');
    let outcome: SaveOutcome;
    try {
      outcome = await saveRef.current(job.doc);
    } catch {
      outcome = 'offline';
    }
    inFlight.current = false;
    // A page that is gone schedules nothing more (its edits wait in localStorage).
    if (unmounted.current) return;
    if (outcome === 'saved') {
      attempts.current = 0;
      setState(pending.current ? 'pending' : 'saved');
      if (pending.current) {
        clearTimer(timer);
        timer.current = setTimeout(run, 0);
      }
      return;
    }
    if (outcome === 'conflict' || outcome === 'refused') {
      attempts.current = 0;
      clearTimer(timer);
      pending.current = null;
      setState(outcome);
      return;
    }
    // Keep the newest document if the user edited during the failed save.
    pending.current ??= job;
    setState(outcome === 'offline' ? 'offline' : 'retrying');
    clearTimer(timer);
    timer.current = setTimeout(run, retryDelayMs(attempts.current, retryMs, maxRetryMs));
    attempts.current += 1;
  }, [retryMs, maxRetryMs]);

  const schedule = useCallback(
    (doc: T) => {
      pending.current = { doc };
      setState((s) => (s === 'retrying' || s === 'offline' ? s : 'pending'));
      clearTimer(timer);
      timer.current = setTimeout(run, debounceMs);
    },
    [debounceMs, run],
  );

  const cancel = useCallback(() => {
    clearTimer(timer);
    pending.current = null;
    attempts.current = 0;
    setState('idle');
  }, []);

  // Back online: try now instead of waiting out the backoff.
  useEffect(() => {
    const onOnline = () => {
      if (pending.current) void run();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [run]);

  // Leaving the page must not lose the last edits: save what is still pending, once. The save
  // waits a tick: StrictMode unmounts and mounts again at once, and the same page must not send
  // the document twice on one version (the second would conflict).
  useEffect(() => {
    unmounted.current = false;
    if (pending.current && timer.current === null) timer.current = setTimeout(run, debounceMs);
    return () => {
      unmounted.current = true;
      clearTimer(timer);
      const job = pending.current;
      if (!job) return;
      setTimeout(() => {
        if (!unmounted.current || pending.current !== job) return;
        pending.current = null;
        void saveRef.current(job.doc).catch(() => undefined);
      }, 0);
    };
  }, [run, debounceMs]);

  return { state, schedule, flush: run, cancel };
}
