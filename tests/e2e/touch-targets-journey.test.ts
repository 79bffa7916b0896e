/**
 * A phone is a first-class device (issue 40, ADR 766), in Chromium at 390x844 with touch: on the
 * agent's dashboard, the application form and the quotes view every control is at least 44 x 44 px
 * and every text field at least 44 px tall (WCAG 2.5.5; smallTargets lists what is excepted
 * and why), the recent applications keep their Status column in view, the form's sticky
 * Launch bar takes at most 15% of the screen, and the quotes are a compact list that sorts as the
 * desk's table does, with a compare sheet; axe in light and dark on the list and the sheet. Then
 * the same quotes on a desk (1440x900): the comparison table fits its area with carrier, premium
 * and actions in view while the other columns slide. Screenshots: test-results/touch-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../schemas/schema-set.ts';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { browserErrorsOf, withBrowserErrors } from './browser-errors.ts';
import {
  everyCarrierAnswered,
  fillNewApplicationDialog,
  launchAndFill,
  prefillWritten,
} from './fill-application-form.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const PHONE = { width: 390, height: 844 };
/** Where the journey's application is: the Primary example's street in Miami Beach. */
const MIAMI_BEACH = { zip: '33139', city: 'Miami Beach', address1: String(examples.primary.address1) };
/** WCAG 2.5.5 Target Size (AAA): 44 x 44 CSS px. */
const MIN_TARGET_PX = 44;
/** The sticky Launch bar's share of a phone's screen at most. */
const MAX_STICKY_SHARE = 0.15;

/**
 * Every control on the page under MIN_TARGET_PX in width or height, as `<tag> "<name>" WxH`. A
 * check box or radio is measured with its labels (a tap on the label toggles it), a hidden one by
 * its labels alone. Left out, with WCAG 2.5.5's reasons:
 * - a link inside a sentence or block of text ("Inline");
 * - a control drawn 1 px or less (the skip link until focused, a segmented control's hidden radio,
 *   whose label is measured instead): not what a finger taps;
 * - a control in an inert or aria-hidden part: the navigation folded off screen, and a select's
 *   clear button (Mantine's, aria-hidden, inside its 44 px field, which clears too: "Equivalent").
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=tab]',
      '[role=menuitem]',
      '[role=combobox]',
    ].join(',');
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[inert], [aria-hidden="true"]')) continue;
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden')
        continue;
      let rects = [element.getBoundingClientRect()].filter((r) => r.width > 1 && r.height > 1);
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio'))
        rects = [
          ...rects,
          ...[...(element.labels ?? [])].map((label) => label.getBoundingClientRect()),
        ].filter((r) => r.width > 1 && r.height > 1);
      if (rects.length === 0) continue;
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      const top = Math.min(...rects.map((r) => r.top));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      const width = Math.round(right - left);
      const height = Math.round(bottom - top);
      if (width >= min && height >= min) continue;
      // WCAG's inline exception: a link in a sentence of a text block.
      const block = element.parentElement?.closest('p, .mantine-Text-root, .mantine-Alert-message');
      if (element.tagName === 'A' && block && block.textContent?.trim() !== element.textContent?.trim())
        continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.id)
        .trim()
        .slice(0, 48);
      small.push(`${element.tagName.toLowerCase()} "${name}" ${width}x${height}`);
    }
    return small;
  }, MIN_TARGET_PX);
}

/** The carriers of the compact list, in the order shown. */
async function listedCarriers(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('list', { name: 'Quotes' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/ quote$/, ''));
}

describe('a phone is a first-class device', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('44 px targets, a low sticky bar, a compact quotes list with a compare sheet; the desk table fits', async () => {
    const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true });
    const errors = browserErrorsOf(page);
    try {
      await portal.signIn(page, 'agent@demo.test');

      // The dashboard: the recent applications keep their status in view.
      const recent = page.getByRole('table', { name: 'Recent applications' });
      await recent.getByRole('row').nth(1).waitFor();
      const statusHeader = await recent.getByRole('columnheader', { name: 'Status' }).boundingBox();
      expect(statusHeader, 'the Status column is shown').not.toBeNull();
      expect((statusHeader?.x ?? 0) + (statusHeader?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      expect(await recent.evaluate((table) => table.scrollWidth - table.clientWidth)).toBeLessThanOrEqual(0);
      expect(await smallTargets(page)).toEqual([]);
      await portal.screenshot(page, 'touch-dashboard', false);

      // The application form: a new Primary application, its pre-fill written.
      await page.goto(`${portal.baseUrl}/agent-portal/application-details`);
      const dialog = await fillNewApplicationDialog(page, MIAMI_BEACH);
      expect(await smallTargets(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Create application' }).click();
      await page.waitForURL(/\/agent-portal\/application-details\/\d+/);
      await prefillWritten(page);
      const detailsUrl = page.url();
      expect(await smallTargets(page)).toEqual([]);
      // The contact fields start empty (issue 40: no placeholder values).
      expect(await page.locator('[data-field="phone"] input').inputValue()).toBe('');
      expect(await page.locator('[data-field="email"] input').inputValue()).toBe('');

      // The Launch bar, stuck under the header half-way down the form, takes at most 15%.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      const bar = page.locator('[data-launch-bar]');
      await expect.poll(async () => Math.round((await bar.boundingBox())?.y ?? -1)).toBe(60);
      const barHeight = (await bar.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      expect(barHeight, `the Launch bar is ${barHeight} px of ${PHONE.height}`).toBeLessThanOrEqual(
        PHONE.height * MAX_STICKY_SHARE,
      );
      await portal.screenshot(page, 'touch-form-sticky-bar', false);

      // Launch: the quotes arrive as a compact list.
      await launchAndFill({ page, portal, example: examples.primary });
      await everyCarrierAnswered(page);
      const list = page.getByRole('list', { name: 'Quotes' });
      await list.getByRole('listitem').first().waitFor();
      expect(await page.getByRole('table', { name: 'Quotes comparison' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      expect(await smallTargets(page)).toEqual([]);
      expect(
        await pageStateViolations(portal, page, 'phone quotes list', 'touch-quotes-list', { restore: true }),
      ).toEqual([]);

      // It sorts as the desk's table does: by carrier, then back to the cheapest first.
      const sortBy = page.getByLabel('Sort by');
      await sortBy.selectOption('carrier:asc');
      const byName = await listedCarriers(page);
      expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      await sortBy.selectOption('premium:asc');
      const premiums = await list
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((item) =>
            Number(/\$([\d,]+)/.exec(item.textContent ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN),
          ),
        );
      const priced = premiums.filter((premium) => !Number.isNaN(premium));
      expect(priced.length).toBeGreaterThan(1);
      expect(priced).toEqual([...priced].sort((a, b) => a - b));

      // The compare sheet: two ticked carriers side by side, from the bottom of the screen.
      const [first, second] = (await listedCarriers(page)).slice(0, 2);
      await page.getByRole('checkbox', { name: `Compare ${first}` }).check();
      await page.getByRole('checkbox', { name: `Compare ${second}` }).check();
      await page.getByRole('button', { name: 'Compare (2)' }).click();
      const sheet = page.getByRole('dialog', { name: '2 carriers side by side' });
      const compared = sheet.getByRole('table', { name: 'Selected quotes side by side' });
      await compared.waitFor();
      expect(await compared.getByRole('columnheader').allTextContents()).toEqual(['Coverage', first, second]);
      expect(await smallTargets(page)).toEqual([]);
      expect(
        await pageStateViolations(portal, page, 'phone compare sheet', 'touch-compare-sheet', {
          restore: true,
        }),
      ).toEqual([]);
      await sheet.getByRole('button', { name: 'Close comparison' }).click();
      await sheet.waitFor({ state: 'detached' });
      await page.context().close();

      // On a desk the table fits its area: carrier, premium and the row's actions stay in view.
      const desk = await portal.newPage({ bypassCSP: true });
      await portal.signIn(desk, 'agent@demo.test');
      await desk.goto(detailsUrl);
      const table = desk.getByRole('table', { name: 'Quotes comparison' });
      await table.waitFor();
      expect(await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      const area = await desk.locator('#main-content').boundingBox();
      const box = desk.locator('[data-quotes-scroll]');
      const scrollBox = await box.boundingBox();
      expect((scrollBox?.x ?? 0) + (scrollBox?.width ?? 0)).toBeLessThanOrEqual(
        (area?.x ?? 0) + (area?.width ?? 0),
      );
      expect(scrollBox?.height ?? 0).toBeLessThanOrEqual(900);
      const header = (name: RegExp) => table.getByRole('columnheader', { name });
      const placed = async () => ({
        carrier: Math.round((await header(/^Carrier/).boundingBox())?.x ?? -1),
        premium: Math.round((await header(/^Premium/).boundingBox())?.x ?? -1),
        actions: await header(/^Actions$/).boundingBox(),
      });
      const before = await placed();
      const inView = (cell: { x: number; width: number } | null) =>
        cell !== null &&
        cell.x >= (scrollBox?.x ?? 0) &&
        cell.x + cell.width <= (scrollBox?.x ?? 0) + (scrollBox?.width ?? 0) + 1;
      expect(inView(before.actions), 'the actions are in view without scrolling').toBe(true);
      await portal.screenshot(desk, 'touch-desk-table', false);
      await box.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      const after = await placed();
      expect(after.carrier).toBe(before.carrier);
      expect(after.premium).toBe(before.premium);
      expect(inView(after.actions)).toBe(true);
      await portal.screenshot(desk, 'touch-desk-table-scrolled', false);
      expect(await pageStateViolations(portal, desk, 'desk quotes table', 'touch-desk-table')).toEqual([]);
      await desk.context().close();
    } catch (error) {
      await portal.screenshot(page, 'touch-failure', false).catch(() => undefined);
      throw withBrowserErrors(error, errors);
    }
  }, 300_000);
});
