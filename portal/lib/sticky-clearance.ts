/**
 * Focus never hidden under a sticky bar (WCAG 2.4.11 Focus Not Obscured, issue 46; ADR 749): the
 * bars that stay on screen while the page scrolls (the shell's header, the form's Launch bar)
 * register here, and the document's `scroll-padding-top` / `scroll-padding-bottom` are the sum of
 * the registered bars' real heights at each edge plus FOCUS_GAP_PX. The browser keeps a control it
 * scrolls to (Tab, Shift+Tab, `focus()`, `scrollIntoView`) inside that padding, so the bars never
 * cover it. A ResizeObserver recomputes the padding whenever a bar's height changes (its buttons
 * wrap on a narrow screen, a notice appears in it), and a bar that unmounts gives its height back.
 */
import { type RefObject, useLayoutEffect } from 'react';

/** The edge of the window a bar sticks to. */
export type StickyEdge = 'top' | 'bottom';

/** Room between a bar and the control focused next to it: the 2 px focus outline, its 2 px offset and air. */
export const FOCUS_GAP_PX = 8;

const bars = new Map<Element, StickyEdge>();
let observer: ResizeObserver | null = null;

/** The summed height in px of the registered bars at `edge`. */
function barsHeight(edge: StickyEdge): number {
  let height = 0;
  for (const [bar, at] of bars) if (at === edge) height += bar.getBoundingClientRect().height;
  return height;
}

/** Writes the document's scroll padding from the bars registered now (none: no padding). */
function applyClearance(): void {
  const style = document.documentElement.style;
  for (const edge of ['top', 'bottom'] as const) {
    const height = barsHeight(edge);
    const property = edge === 'top' ? 'scroll-padding-top' : 'scroll-padding-bottom';
    if (height > 0) style.setProperty(property, `${Math.ceil(height) + FOCUS_GAP_PX}px`);
    else style.removeProperty(property);
  }
}

/**
 * Registers the element of `bar` as a sticky bar at `edge` while it is mounted: the document's
 * scroll padding at that edge then includes its height, kept current as it resizes.
 */
export function useStickyBar(bar: RefObject<HTMLElement | null>, edge: StickyEdge): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    bars.set(element, edge);
    observer ??= new ResizeObserver(applyClearance);
    observer.observe(element);
    applyClearance();
    return () => {
      bars.delete(element);
      observer?.unobserve(element);
      applyClearance();
    };
  }, [bar, edge]);
}
