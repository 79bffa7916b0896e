/** True when the user asked the system for less motion (false where matchMedia is missing). Page transition and animations (SPEC §9) honour it. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
