/**
 * Issue 12 Reporting end to end in Chromium: the demo admin opens Reporting from the navigation,
 * sees the seeded applications and the range totals, filters by status and sorts by a column on the
 * server, exports the CSV through the dialog and reads the file; light and dark screenshots are
 * saved as test-results/reporting-<mode>.png and reporting-export-dialog-<mode>.png; then opens
 * Analytics and sees each chart and its table (analytics-<mode>.png).
 */
import { readFileSync } from 'node:fs';
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
        const completed = await rows.count();

        // The reports CSV export dialog: untick two columns, download, read the file.
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const dialog = page.getByRole('dialog', { name: 'Export report as CSV' });
        await dialog.getByRole('checkbox', { name: 'Address' }).uncheck();
        await dialog.getByRole('checkbox', { name: 'Agent' }).uncheck();
        await portal.screenshot(page, `reporting-export-dialog-${mode}`, false);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialog.getByRole('button', { name: 'Download CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
        const lines = readFileSync(await download.path(), 'utf8')
          .trim()
          .split('\n');
        expect(lines[0]).toBe(
          'Reference,Created (UTC),Client,Product,Status,Carriers asked,Carriers quoted,Carriers declined,Lowest premium (USD),Launched (UTC)',
        );
        // The page's filters (status completed) apply to the file too.
        expect(lines.length - 1).toBe(completed);
        expect(lines.slice(1).every((line) => line.split(',')[4] === 'completed')).toBe(true);
        await dialog.getByText('Downloaded').waitFor();
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();

        // Analytics: every chart renders over the seeded data, each with its table.
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Analytics' })
          .click();
        await page.getByRole('heading', { name: 'Analytics' }).waitFor();
        for (const title of [
          'Applications and launches per day',
          'Quote and decline rate per carrier',
          'Median lowest premium by product',
          'Funnel: new, launched, completed',
        ]) {
          const table = page.getByRole('table', { name: `${title} table` });
          await table.waitFor();
          expect(await table.locator('tbody tr').count(), title).toBeGreaterThan(0);
        }
        await page.waitForFunction(() => document.querySelectorAll('.recharts-surface').length >= 4);
        await page.waitForTimeout(600);
        await portal.screenshot(page, `analytics-${mode}`);
      } finally {
        await page.context().close();
      }
    });
  }

  it('a super-admin picks a company and sees only its applications', async () => {
    const page = await portal.newPage();
    try {
      await portal.signIn(page, 'superadmin@demo.test');
      await page.goto(`${portal.baseUrl}/dashboard/reporting`);
      await page.getByRole('table', { name: 'Report' }).waitFor();
      const every = Number((await page.getByText(/^\d+ applications?$/).innerText()).split(' ')[0]);
      await page.getByRole('combobox', { name: 'Company' }).click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      expect(await options.count()).toBeGreaterThan(1);
      await options.first().click();
      await page.waitForLoadState('networkidle');
      await page.getByText(/^\d+ applications?$/).waitFor();
      const picked = Number((await page.getByText(/^\d+ applications?$/).innerText()).split(' ')[0]);
      expect(picked).toBeLessThanOrEqual(every);
      await portal.screenshot(page, 'reporting-super-admin-company');
    } finally {
      await page.context().close();
    }
  });
});
