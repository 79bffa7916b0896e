/**
 * jsdom has no `window.matchMedia`; the dom tests answer media queries with this stand-in
 * (STACK-NOTES: Mantine reads it). Its listeners are never called: a test that needs another
 * answer stubs matchMedia again before it renders.
 */

/** The MediaQueryList of `query`, matching as `matches` says. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}
