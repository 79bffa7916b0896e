/** Polling in phases (SPEC §9 chat widget: up to 100 looks at 100 ms, then 200 at 150 ms). */

/** One phase: at most `attempts` looks, `intervalMs` ms apart. */
export interface PollPhase {
  attempts: number;
  intervalMs: number;
}

/**
 * Calls `find` after each interval of each phase in turn until it returns a value, then calls
 * `onFound` with it once; gives up (calling `onGiveUp`) after the last attempt of the last phase.
 * Returns a cancel function. The first look happens one interval after the call.
 */
export function pollFor<T>(
  find: () => T | null | undefined,
  phases: readonly PollPhase[],
  onFound: (value: T) => void,
  onGiveUp: () => void = () => {},
): () => void {
  let phase = 0;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cancelled = false;

  const schedule = () => {
    while (phase < phases.length && attempt >= phases[phase].attempts) {
      phase += 1;
      attempt = 0;
    }
    if (phase >= phases.length) {
      onGiveUp();
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      if (cancelled) return;
      attempt += 1;
      const value = find();
      if (value !== null && value !== undefined) {
        onFound(value);
        return;
      }
      schedule();
    }, phases[phase].intervalMs);
  };

  schedule();
  return () => {
    cancelled = true;
    if (timer !== null) clearTimeout(timer);
  };
}
