/**
 * The animations the portal ships (portal/assets/animations, Lottie JSON drawn for the product in
 * its primary green and gray), each loaded on first use as its own chunk. SPEC §9, ADR 371.
 */

/** Loads an animation's Lottie data; rejects when the chunk cannot be fetched. */
export type AnimationLoader = () => Promise<unknown>;

/** A turning arc around a pulsing dot: a launch waiting for its carriers. */
export const launchInProgressAnimation: AnimationLoader = () =>
  import('../assets/animations/launch-in-progress.json').then((module) => module.default);

/** A floating blank document: a list with nothing in it yet. */
export const emptyStateAnimation: AnimationLoader = () =>
  import('../assets/animations/empty-state.json').then((module) => module.default);
