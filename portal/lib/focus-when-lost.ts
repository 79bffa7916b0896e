/**
 * Keyboard focus that never falls back to the page (issue 17 Accessibility, "a keyboard-only
 * journey that never needs a mouse"): when what had focus disappears (the page a link left, the
 * Launch button that the quotes view replaced, a dialog that closed into a navigation), the browser
 * puts focus on <body> and the next Tab starts over at the top of the page. These move it to the
 * new content instead. WCAG 2.4.3 Focus Order.
 */
import { type RefObject, useEffect, useRef } from 'react';

/** True when nothing in the page holds focus (the browser's fallback is <body>). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * After `key` changes (not on the first render, nor from null: nothing was shown yet), focuses `target` (give it `tabIndex={-1}`) if
 * focus was lost meanwhile; focus the user put somewhere (a field the page focused itself, an open
 * dialog) is left where it is. Checked once after the commit and once after a frame, since a
 * closing dialog hands focus back a frame later.
 */
export function useFocusWhenLost(target: RefObject<HTMLElement | null>, key: unknown): void {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    const first = previous.current === null;
    previous.current = key;
    // From null (nothing shown yet, e.g. still loading) is the first showing, not a change.
    if (first) return;
    const refocus = () => {
      if (focusIsLost()) target.current?.focus({ preventScroll: true });
    };
    refocus();
    const frame = requestAnimationFrame(refocus);
    return () => cancelAnimationFrame(frame);
  }, [key, target]);
}
