import type { LaunchTarget } from './types.ts';

/** Bounds of the simulated answer time, in ms: far below QUOTE_TIMEOUT_MS (5000). */
export const SANDBOX_MIN_LATENCY_MS = 50;
export const SANDBOX_MAX_LATENCY_MS = 400;

/**
 * The sandbox's simulated answer time for a carrier, in ms, between SANDBOX_MIN_LATENCY_MS and
 * SANDBOX_MAX_LATENCY_MS inclusive. A hash (FNV-1a) of "carrier/sub_carrier", so each carrier
 * always answers in the same time and quotes arrive in a stable, staggered order.
 */
export function sandboxLatencyMs(target: Pick<LaunchTarget, 'carrier' | 'sub_carrier'>): number {
  const key = `${target.carrier}/${target.sub_carrier ?? ''}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return SANDBOX_MIN_LATENCY_MS + (hash % (SANDBOX_MAX_LATENCY_MS - SANDBOX_MIN_LATENCY_MS + 1));
}
