/**
 * A circuit breaker per carrier connection (issue 19): after `failures` failed calls in a row it
 * opens for `openMs`, during which the carrier is not asked; then one trial call is let through
 * (half-open): a success closes it, a failure opens it again for `openMs`. Times are ms since the
 * epoch from `now` (injectable for tests).
 */
export interface CircuitBreaker {
  /** Null when a call may go ahead; otherwise the time (ms) the breaker lets the next trial through. */
  blockedUntil(): number | null;
  success(): void;
  failure(): void;
}

export function createCircuitBreaker(
  failures: number,
  openMs: number,
  now: () => number = Date.now,
): CircuitBreaker {
  let inARow = 0;
  let openUntil: number | null = null;
  let trialInFlight = false;
  return {
    blockedUntil() {
      if (openUntil === null) return null;
      if (now() < openUntil || trialInFlight) return openUntil;
      trialInFlight = true;
      return null;
    },
    success() {
      inARow = 0;
      openUntil = null;
      trialInFlight = false;
    },
    failure() {
      inARow += 1;
      if (trialInFlight || inARow >= failures) openUntil = now() + openMs;
      trialInFlight = false;
    },
  };
}
