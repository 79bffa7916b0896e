/**
 * Showing another route of a portal page already open, as the portal's own links do, instead of
 * loading a new document: a `page.goto` cost 1.0-3.3 CPU-s of Chromium on a 2-core machine (the
 * bundle parsed again, the whole shell rendered and rastered), an in-app navigation about a fifth
 * of that (docs/decisions/786-accessibility-sweep-navigates-in-the-app.md).
 */
import type { Page, Request } from 'playwright-core';

/** How long no request may be in flight before the route counts as loaded, in ms (Playwright's `networkidle`). */
const QUIET_MS = 500;
/** Longest wait for the route to load, in ms. */
const LOAD_TIMEOUT_MS = 30_000;

/**
 * Shows `path` (a portal route, `/dashboard/plans`) in `page`, which shows a portal page now: a
 * history entry made as the router's own browser history makes them (the `__TSR_index` one past the
 * current, a fresh key) and the `popstate` event the router listens to, as a Forward button press.
 * Resolves once the location is `path` and no request (event streams aside: they stay open for
 * the life of a page) has been in flight for QUIET_MS, which is Playwright's `networkidle` for a
 * document. Rejects when the router did not go there (a navigation blocker kept the page) or the
 * route did not settle within LOAD_TIMEOUT_MS.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counts = (request: Request) => request.resourceType() !== 'eventsource';
  const started = (request: Request) => {
    if (!counts(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (!inFlight.delete(request)) return;
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((target) => {
      const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
      const key = Math.random().toString(36).slice(2, 10);
      history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', target);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
      if (Date.now() > deadline)
        throw new Error(
          `${path}: still loading after ${LOAD_TIMEOUT_MS} ms (${inFlight.size} requests in flight)`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const shown = await page.evaluate(() => location.pathname);
    if (shown !== path) throw new Error(`navigated to ${path}, but the page shows ${shown}`);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
