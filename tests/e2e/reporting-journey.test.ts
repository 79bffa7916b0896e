/**
 * Issue 12 Reporting end to end in Chromium: the demo admin opens Reporting from the navigation,
 * sees the seeded applications and the range totals, filters by status and sorts by a column on the
 * server; light and dark screenshots are saved as test-results/reporting-<mode>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('reporting in Chromium', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`an admin opens reporting, filters and sorts (${mode})`, async () => {
      const page = await portal.newPage();
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, 'admin@demo.test');
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Reporting' })
          .click();
        await page.getByRole('heading', { name: 'Reporting' }).waitFor();
        const table = page.getByRole('table', { name: 'Report' });
        await table.waitFor();
        const rows = table.locator('tbody tr');
        const all = await rows.count();
        expect(all).toBeGreaterThan(0);
        const totals = page.getByLabel('Totals of the range');
        expect(await totals.innerText()).toContain('APPLICATIONS');

        await page.getByRole('combobox', { name: 'Status' }).click();
        await page.getByRole('option', { name: 'Completed' }).click();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('table[aria-label="Report"] tbody tr td:nth-child(7)')].every(
            (cell) => cell.textContent === 'completed',
          ),
        );
        await page.getByRole('button', { name: 'Reference' }).click();
        await page.locator('th[aria-sort="descending"]', { hasText: 'Reference' }).waitFor();
        await page.waitForLoadState('networkidle');
        await portal.screenshot(page, `reporting-${mode}`);
      } finally {
        await page.context().close();
      }
    });
  }
});
