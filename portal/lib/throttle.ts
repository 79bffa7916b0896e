/** A leading-and-trailing throttle, used for the listing fetch (SPEC §9: 300 ms). */

/** A throttled function plus `cancel` (drops a pending trailing call). */
export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

/**
 * Calls `fn` at once, then at most once per `waitMs` (ms) with the latest arguments, so the last
 * call of a burst always runs. SPEC §9 Listing fetch throttle.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Throttled<A> {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;

  const run = (args: A) => {
    lastRun = Date.now();
    fn(...args);
  };

  const throttled = ((...args: A) => {
    const remaining = waitMs - (Date.now() - lastRun);
    if (remaining <= 0 && timer === null) {
      run(args);
      return;
    }
    pending = args;
    if (timer === null) {
      timer = setTimeout(
        () => {
          timer = null;
          if (pending) {
            const next = pending;
            pending = null;
            run(next);
          }
        },
        Math.max(0, remaining),
      );
    }
  }) as Throttled<A>;

  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
