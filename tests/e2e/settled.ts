/**
 * Waits for a page to stop moving before a check that reads colours or visibility (axe-core's
 * colour contrast, a screenshot): instead of a fixed pause, until no finite CSS transition or
 * animation runs (ADR 660).
 */
import type { Page } from 'playwright-core';

/**
 * Resolves once `page` shows no running or pending finite CSS transition or animation and no
 * visible Mantine Skeleton (a loading placeholder), seen two animation frames apart: Mantine's
 * Transition starts its CSS transition two frames after it mounts (`pre-entering` in one frame,
 * `entering` in the next), and a colour change starts its transitions on the next style flush.
 * Infinite animations (a Loader's spin, a Skeleton's pulse) are not waited for, they never end;
 * a skeleton is, until the data it stands for replaces it. Gives up waiting after `limitMs`
 * (5 s, far longer than any transition of the portal, Mantine's being 150-250 ms), so a page that
 * keeps moving is checked as it is then, as after the fixed pause this replaces.
 */
export async function settled(page: Page, limitMs = 5_000): Promise<void> {
  await page.evaluate(async (limit) => {
    const deadline = performance.now() + limit;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    while (performance.now() < deadline) {
      await frame();
      await frame();
      // getAnimations() flushes pending style changes first, so a transition a style change has
      // just started is in the list.
      const moving = document
        .getAnimations()
        .filter(
          (animation) =>
            (animation.playState === 'running' || animation.pending) &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
      const loading = [...document.querySelectorAll('.mantine-Skeleton-root[data-visible]')].some(
        (skeleton) => skeleton.getClientRects().length > 0,
      );
      if (moving.length === 0 && !loading) return;
      await Promise.race([
        Promise.allSettled(moving.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
    }
  }, limitMs);
}
