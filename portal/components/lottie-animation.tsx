/**
 * The animation component of SPEC §9: plays a shipped Lottie animation with lottie-web's light
 * player (svg renderer) and the defaults of lib/animation-settings.ts. A failed load (the data or
 * the player cannot be fetched, or the data is no Lottie animation) is logged with console.error and
 * nothing is played: the box stays empty at its size. With prefers-reduced-motion the first frame
 * is shown, not played. docs/decisions/371-animations-with-lottie-web.md.
 */
import { useEffect, useRef } from 'react';
import type { AnimationLoader } from '../lib/animation-files.ts';
import {
  type AnimationOptions,
  type AnimationSettings,
  animationSettings,
} from '../lib/animation-settings.ts';
import { prefersReducedMotion } from '../lib/prefers-reduced-motion.ts';

/** Props: the animation to load, its accessible name (none: decorative), and the SPEC §9 options. */
export interface LottieAnimationProps extends AnimationOptions {
  load: AnimationLoader;
  label?: string;
}

/** True for data shaped like a Lottie animation (version, size, frame range and layers). */
export function isLottieData(data: unknown): data is Record<string, unknown> {
  const candidate = data as Record<string, unknown> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.v === 'string' &&
    typeof candidate.w === 'number' &&
    typeof candidate.h === 'number' &&
    typeof candidate.op === 'number' &&
    Array.isArray(candidate.layers)
  );
}

const loadPlayer = () => import('lottie-web/build/player/lottie_light').then((module) => module.default);

/** A box of the settings' size playing the animation. Throws RangeError for a speed not above 0. */
export function LottieAnimation({ load, label, ...options }: LottieAnimationProps) {
  const container = useRef<HTMLDivElement>(null);
  const settings = animationSettings(options);
  // The effect re-runs when a setting changes, not on every render's new object.
  const settingsKey = JSON.stringify(settings);

  useEffect(() => {
    const resolved = JSON.parse(settingsKey) as AnimationSettings;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let player: { destroy(): void } | null = null;
    Promise.all([load(), loadPlayer()])
      .then(([data, lottie]) => {
        if (cancelled || !container.current) return;
        if (!isLottieData(data)) throw new Error('The file is not a Lottie animation.');
        const item = lottie.loadAnimation({
          container: container.current,
          renderer: resolved.renderer,
          loop: resolved.loop,
          autoplay: false,
          animationData: data,
          rendererSettings: { preserveAspectRatio: 'xMidYMid meet' },
        });
        player = item;
        item.setSpeed(resolved.speed);
        item.setDirection(resolved.direction);
        // Reverse starts from the last frame.
        if (resolved.direction === -1) item.goToAndStop(item.totalFrames - 1, true);
        if (resolved.autoplay && !prefersReducedMotion())
          timer = setTimeout(() => item.play(), resolved.delay);
      })
      .catch((error: unknown) => {
        if (!cancelled) console.error('Animation failed to load; nothing is played.', error);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      player?.destroy();
    };
  }, [load, settingsKey]);

  const box = {
    ref: container,
    'data-animation': true,
    style: {
      width: settings.width,
      height: settings.height,
      backgroundColor: settings.backgroundColor,
      transform: settings.scale === 1 ? undefined : `scale(${settings.scale})`,
    },
  };
  return label ? <div {...box} role="img" aria-label={label} /> : <div {...box} aria-hidden />;
}
