/**
 * The accessibility check of one page state in both colour modes (DEVELOPERS "Every page passes
 * axe-core with no serious or critical violation" in light and dark mode; issue 17), shared by the
 * accessibility sweeps (tests/e2e/accessibility.test.ts) and the journeys that reach a state the
 * sweeps would otherwise walk to again (ADR 743).
 */
import type { Page } from 'playwright-core';
import { type AxeRules, seriousAxeViolations } from './axe-violations.ts';
import type { RunningPortal } from './harness.ts';

/** Where the portal keeps the colour mode (portal/index.html, Mantine's manager). */
export const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
export type Mode = 'light' | 'dark';

/** Switches the shown page to `mode` in place, as the colour mode switch does, and waits for it. */
async function switchMode(page: Page, mode: Mode): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
    },
    [COLOR_SCHEME_KEY, mode] as const,
  );
  await page.waitForFunction(
    (value) => document.documentElement.getAttribute('data-mantine-color-scheme') === value,
    mode,
  );
}

/**
 * Runs `check` on the page as it is in both colour modes, the one it shows first with every axe
 * rule and the other with the colour rules (the markup does not change with the mode:
 * axe-violations.ts COLOUR_RULES), and returns what each found. The mode is switched in place as
 * the portal's colour mode switch does (portal/components/color-mode-switch.tsx): Mantine's
 * localStorage manager hears a `storage` event for its key and sets the mode, stored value and the
 * `data-mantine-color-scheme` attribute every colour hangs on, so an open dialog stays open. The
 * page stays in the mode switched to last (the next page loads in it), unless `restore`, which
 * switches back to the mode it showed first (a journey going on from there).
 */
export async function inBothModes(
  page: Page,
  check: (mode: Mode, rules: AxeRules) => Promise<string[]>,
  { restore = false }: { restore?: boolean } = {},
): Promise<string[]> {
  const shown = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  const order: Mode[] = shown === 'dark' ? ['dark', 'light'] : ['light', 'dark'];
  const found: string[] = [];
  for (const mode of order) {
    if (mode !== shown) await switchMode(page, mode);
    // The first mode runs every rule, the second the colour rules (the markup is the same).
    found.push(...(await check(mode, mode === order[0] ? 'all' : 'colour')));
  }
  if (restore) await switchMode(page, order[0] as Mode);
  return found;
}

/** Badges whose text is cut short (an ellipsis instead of the whole word) on the page now. */
export function cutBadges(page: Page): Promise<string[]> {
  return page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollWidth > label.clientWidth + 1 && label.getClientRects().length > 0)
        .map((label) => `badge cut short: "${label.textContent}"`),
    );
}

/**
 * The accessibility sweeps' check of the page state shown now, in both modes (inBothModes): every
 * serious or critical axe violation and every badge cut short, as `mode where: violation`, with a
 * viewport screenshot `<shot>-<mode>` in each mode. A journey passes `restore` to go on in the
 * mode it was in.
 */
export async function pageStateViolations(
  portal: RunningPortal,
  page: Page,
  where: string,
  shot: string,
  options: { restore?: boolean } = {},
): Promise<string[]> {
  return inBothModes(
    page,
    async (mode, rules) => {
      await portal.screenshot(page, `${shot}-${mode}`.replace(/[^\w-]+/g, '-'), false);
      return [...(await seriousAxeViolations(page, undefined, rules)), ...(await cutBadges(page))].map(
        (violation) => `${mode} ${where}: ${violation}`,
      );
    },
    options,
  );
}
