/**
 * Waiting for a page's transitions to end before a check or a picture reads it.
 */
import type { Page } from 'playwright-core';

/**
 * Waits until the page's CSS transitions and finite animations have ended (a colour-mode switch,
 * a dialog's or menu's fade-in, the view transition's fade of the page area), at most `timeoutMs`
 * (ms), so that axe reads and a screenshot shows the colours and layout the page settles on.
 * Infinite animations (a skeleton's pulse, a loader) are not waited for. A transition starts at
 * the next style recalculation, so two frames pass first; transitions that end by starting others
 * are waited for in turn (up to 5 rounds). Every axe check (seriousAxeViolations) and every
 * screenshot (the harness's) waits so; a journey need not call it first. A fixed pause was a
 * guess that a busy machine (two test workers, each with a server and a Chromium) could outrun:
 * axe then read a colour halfway through its transition. During a view
 * transition (ADR 370) the page area is drawn from snapshots, and a full-page screenshot, which
 * resizes the view, showed the leaving page dimmed and squeezed copies of it at the edge. A page
 * that navigates during the wait is waited on again once its next document has loaded (up to
 * twice); other errors are thrown.
 */
export async function transitionsSettled(page: Page, timeoutMs = 5_000): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.evaluate(async (timeout) => {
        const deadline = new Promise((resolve) => setTimeout(resolve, timeout));
        for (let round = 0; round < 5; round++) {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const running = document
            .getAnimations()
            .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
            .filter((animation) => animation.playState === 'running');
          if (running.length === 0) return;
          await Promise.race([Promise.allSettled(running.map((animation) => animation.finished)), deadline]);
        }
      }, timeoutMs);
      return;
    } catch (error) {
      // A document that navigated away mid-check: check the one it loaded.
      if (attempt >= 2 || !/Execution context was destroyed|navigation/i.test((error as Error).message))
        throw error;
      await page.waitForLoadState();
    }
  }
}

/**
 * Waits until what a screenshot would show stops moving in ways CSS transitions do not cover, at
 * most `timeoutMs` (ms): a smooth scroll (the window's and the focused element's position), a
 * chart drawn by JavaScript (recharts animates its SVG paths' `d`), and images still loading (a
 * carrier's logo). Done once three animation frames in a row show the same positions, paths and
 * loaded images. The harness's screenshot calls it after transitionsSettled; it replaced the
 * fixed pauses (300-600 ms) the journeys made before a screenshot (ADR 742).
 */
export async function motionSettled(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const deadline = Date.now() + timeout;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const signature = () => {
      const focused = document.activeElement?.getBoundingClientRect();
      const paths = Array.from(document.querySelectorAll('svg path'), (path) => path.getAttribute('d'));
      const loading = Array.from(document.images).filter((image) => !image.complete).length;
      return JSON.stringify([window.scrollX, window.scrollY, focused?.top, focused?.left, loading, paths]);
    };
    let last = signature();
    let still = 0;
    while (still < 3 && Date.now() < deadline) {
      await frame();
      const now = signature();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  }, timeoutMs);
}
