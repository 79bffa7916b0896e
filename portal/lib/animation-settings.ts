/**
 * The animation component's settings with the defaults of SPEC §9 ("Animation defaults: loop true,
 * autoplay true, size 100%, speed 1, delay 0, forward, transparent background, scale 1, svg
 * renderer. A numeric loop count is reduced by one. Speed must be above 0."), resolved into what
 * the player (lottie-web) takes. docs/decisions/371-animations-with-lottie-web.md.
 */

/** What a caller may set; every field is optional and defaults as SPEC §9 lists. */
export interface AnimationOptions {
  /** true: forever; false: once; a number: that many plays in all. Default true. */
  loop?: boolean | number;
  /** Start on load (after `delay`). Default true. */
  autoplay?: boolean;
  /** CSS width and height (a number is px). Default '100%'. */
  width?: number | string;
  height?: number | string;
  /** Playback rate, above 0. Default 1. */
  speed?: number;
  /** Wait before playing, in ms. Default 0. */
  delay?: number;
  /** Default 'forward'. */
  direction?: 'forward' | 'reverse';
  /** CSS colour behind the animation. Default 'transparent'. */
  backgroundColor?: string;
  /** CSS scale of the drawing. Default 1. */
  scale?: number;
  /** Default 'svg' (the light player draws only svg). */
  renderer?: 'svg';
}

/** The resolved settings: `loop` in the player's terms (a count is the repeats after the first play). */
export interface AnimationSettings {
  loop: boolean | number;
  autoplay: boolean;
  width: string;
  height: string;
  speed: number;
  delay: number;
  /** The player's direction: 1 forward, -1 reverse. */
  direction: 1 | -1;
  backgroundColor: string;
  scale: number;
  renderer: 'svg';
}

/** A CSS length: a number is px. */
function cssLength(value: number | string): string {
  return typeof value === 'number' ? `${value}px` : value;
}

/**
 * `options` with the SPEC §9 defaults. A numeric loop is reduced by one, since the player counts
 * the repeats after the first play (loop 3 plays three times; loop 1 once). Throws RangeError for
 * a speed that is not above 0 or a negative delay: a caller's mistake, not a user's.
 */
export function animationSettings(options: AnimationOptions = {}): AnimationSettings {
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError('Animation speed must be above 0.');
  const delay = options.delay ?? 0;
  if (!(delay >= 0)) throw new RangeError('Animation delay must be 0 or more ms.');
  const loop = options.loop ?? true;
  return {
    loop: typeof loop === 'number' ? Math.max(0, Math.floor(loop) - 1) : loop,
    autoplay: options.autoplay ?? true,
    width: cssLength(options.width ?? '100%'),
    height: cssLength(options.height ?? '100%'),
    speed,
    delay,
    direction: options.direction === 'reverse' ? -1 : 1,
    backgroundColor: options.backgroundColor ?? 'transparent',
    scale: options.scale ?? 1,
    renderer: options.renderer ?? 'svg',
  };
}
