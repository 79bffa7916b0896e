/**
 * The empty-state animation (SPEC §9 animations, ADR 371) of an empty list or a page with nothing
 * open: the floating blank document, decorative, played once and then at rest on its last frame.
 * It plays for 3 s, under the 5 s after which moving content beside other content must be
 * stoppable (WCAG 2.2.2 Pause, Stop, Hide); looping, it also kept the agent's browser drawing 60
 * frames a second for as long as the page stayed empty (ADR 795).
 */
import { emptyStateAnimation } from '../lib/animation-files.ts';
import { LottieAnimation } from './lottie-animation.tsx';

/** How many times an empty state's animation plays: once. */
export const EMPTY_STATE_ANIMATION_PLAYS = 1;

/** Props: the square box's side, in px. */
export interface EmptyStateAnimationProps {
  size: number;
}

/** The empty-state animation in a `size` px square, played EMPTY_STATE_ANIMATION_PLAYS times. */
export function EmptyStateAnimation({ size }: EmptyStateAnimationProps) {
  return (
    <LottieAnimation
      load={emptyStateAnimation}
      loop={EMPTY_STATE_ANIMATION_PLAYS}
      width={size}
      height={size}
    />
  );
}
