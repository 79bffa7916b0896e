/**
 * jsdom stubs Mantine needs (STACK-NOTES: matchMedia, ResizeObserver) and a check against invalid
 * HTML nesting and queries answered undefined, shared by the dom test project.
 */

import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadingBarAtRest } from '../../portal/lib/loading-bar.ts';
import { mediaQueryList } from './media-query-list.ts';

afterEach(() => cleanup());
// findBy* and waitFor give up after 5 s, not 1 s: a form's first render (schema compile, RJSF)
// takes over a second on a loaded 2-core machine, and a test must not fail for the machine's load.
configure({ asyncUtilTimeout: 5000 });
// Mantine's transitions finish on timers (modal and menu close, ~200 ms); let them run while
// jsdom's window still exists, or a late one throws "window is not defined" after teardown.
// Then wait for the imports still loading: a route's code-split page a test navigated to last.
// The dom project shares one module graph per worker (ADR 775), and an import cut off when a
// worker's run ends fails every later file in that worker that imports the same module.
// Last, the loading bar must be at rest: its count of work in flight is module state, which the
// next file of the worker shares; a call left unanswered kept the bar up in every later file (ADR 793).
// Only the file that left it so fails, not each file after it.
let barAtRestBefore = true;
beforeAll(() => {
  barAtRestBefore = loadingBarAtRest();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await vi.dynamicImportSettled();
  if (barAtRestBefore && !loadingBarAtRest())
    throw new Error('This file left a call or a route load in flight: the loading bar is not at rest.');
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaQueryList(query, false);
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
window.scrollTo = () => {};
// Mantine's autosize Textarea listens for web fonts loading; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
// jsdom lays nothing out: scrolling an element into view is a no-op.
Element.prototype.scrollIntoView ??= () => {};
// jsdom draws no canvas (getContext answers null); lottie-web's player paints a 1 px pattern on one
// when it loads. Any 2D call is accepted and does nothing; the svg renderer under test is real DOM.
HTMLCanvasElement.prototype.getContext = (() =>
  new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => {}),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  })) as unknown as HTMLCanvasElement['getContext'];
// Two mistakes are reported only as console errors: React's invalid HTML nesting (a div inside
// a p, say; a browser repairs such markup its own way, apart from what React rendered) and
// TanStack Query's query function that answered undefined (a page reading a field its mocked
// answer lacks, so the test saw the page without its data). Fail the test instead.
const reportedMistakes = /cannot be a descendant of|cannot contain a nested|Query data cannot be undefined/;
const mistakes: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  const text = format(...args);
  if (reportedMistakes.test(text)) mistakes.push(text);
  consoleError(...args);
};
afterEach(() => {
  const found = mistakes.splice(0);
  if (found.length) throw new Error(`Reported while rendering: ${found[0]}`);
});
