/**
 * Issue 12 Reporting end to end in Chromium: the demo admin opens Reporting from the navigation,
 * sees the seeded applications and the range totals, filters by agent and status and sorts by a column on the
 * server, exports the CSV through the dialog as a job (progress, then the download link of the
 * report downloads path) and reads the file; light and dark screenshots are saved as
 * test-results/reporting-<mode>.png, reporting-export-dialog-<mode>.png and
 * reporting-export-ready-<mode>.png, with axe checks of the dialog; then opens Analytics and sees
 * each chart and its table, per day and per week, carriers by display name and one row per product
 * (analytics-<mode>.png). The download link carries no session key (the session cookie
 * authenticates it) and the server's log names none (ADR 748).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';
import { keysInLog, storedSessionKey } from './keys-in-server-log.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const FAMILY_NAMES = new Set(carriersFile.carriers.map((family) => family.displayName));
const SUB_CARRIER_NAMES = new Set(
  carriersFile.carriers.flatMap((family) => family.subCarriers.map((sub) => sub.displayName)),
);
const PRODUCT_NAMES = new Set([...FAMILY_NAMES, ...SUB_CARRIER_NAMES]);

describe('reporting in Chromium', () => {
  let portal: RunningPortal;
  /** The session keys the journey's pages held. */
  const keys: string[] = [];
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`an admin opens reporting, filters and sorts (${mode})`, async () => {
      // bypassCSP lets axe-core's script run in the page.
      const page = await portal.newPage({ bypassCSP: true });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, 'admin@demo.test');
        keys.push(await storedSessionKey(page));
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

        // The agent filter: only the demo agent's applications remain.
        await page.getByRole('combobox', { name: 'Agent' }).click();
        await page.getByRole('option', { name: 'Alex Agent' }).click();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('table[aria-label="Report"] tbody tr td:nth-child(3)')].every(
            (cell) => cell.textContent === 'Alex Agent',
          ),
        );
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

        // The reports CSV export dialog: untick two columns, start the export job, wait for its
        // link on the report downloads path, download and read the file.
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const dialog = page.getByRole('dialog', { name: 'Export report as CSV' });
        await dialog.getByRole('checkbox', { name: 'Address' }).uncheck();
        await dialog.getByRole('checkbox', { name: 'Agent' }).uncheck();
        await portal.screenshot(page, `reporting-export-dialog-${mode}`, false);
        const started = page.waitForResponse((r) => r.url().endsWith('/api/reporting/start-export'));
        await dialog.getByRole('button', { name: 'Start export' }).click();
        expect((await (await started).json()).data.export.status).toBe('queued');
        const link = dialog.getByRole('link', { name: /^Download report-/ });
        await link.waitFor();
        // On a local host the API base is the origin plus /api (SPEC §7, ADR 431); no key in the
        // link: the download reads the session cookie (ADR 748).
        expect(await link.getAttribute('href')).toMatch(
          /^http:\/\/127\.0\.0\.1:\d+\/api\/reporting\/downloads\/\d+$/,
        );
        await expect
          .poll(async () => (await dialog.getByText(/^[\d,]+ rows?\.$/).innerText()).replace(/\D/g, ''))
          .toBe(String(completed));
        expect(await seriousAxeViolations(page), `export dialog (${mode})`).toEqual([]);
        await portal.screenshot(page, `reporting-export-ready-${mode}`, false);
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
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
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();

        // Analytics: every chart renders over the seeded data, each with its table.
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Analytics' })
          .click();
        await page.getByRole('heading', { name: 'Analytics' }).waitFor();
        const titles = [
          'Applications and launches per day',
          'Quote and decline rate per product',
          'Median lowest premium by product',
          'Time to quotes per carrier',
          'Median lowest premium by flood zone',
          'Top declining reasons',
          'Funnel: new, launched, completed',
        ];
        for (const title of titles) {
          const table = page.getByRole('table', { name: `${title} table` });
          await table.waitFor();
          expect(await table.locator('tbody tr').count(), title).toBeGreaterThan(0);
        }
        await page.waitForFunction(
          (count) => document.querySelectorAll('.recharts-surface').length >= count,
          titles.length,
        );
        // Words for people (issue 40): carriers by their carriers.json display names, one row per
        // product (a family with sub-carriers shows each of them), never a carrier code.
        const firstCells = async (title: string) =>
          page
            .getByRole('table', { name: `${title} table` })
            .locator('tbody tr td:first-child')
            .allTextContents();
        const products = await firstCells('Quote and decline rate per product');
        expect(
          products.every((name) => PRODUCT_NAMES.has(name)),
          products.join(', '),
        ).toBe(true);
        expect(
          products.some((name) => SUB_CARRIER_NAMES.has(name)),
          products.join(', '),
        ).toBe(true);
        const families = await firstCells('Time to quotes per carrier');
        expect(
          families.every((name) => PRODUCT_NAMES.has(name)),
          families.join(', '),
        ).toBe(true);
        await page.getByText('Per week', { exact: true }).click();
        const weeks = page.getByRole('table', { name: 'Applications and launches per week table' });
        await weeks.waitFor();
        expect(await weeks.locator('tbody tr').count()).toBeGreaterThan(0);
        expect(await seriousAxeViolations(page), `analytics (${mode})`).toEqual([]);
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

  it('leaves no session key in the server log, though files were downloaded', () => {
    const log = portal.serverLog();
    expect(log).toMatch(/"url":"\/api\/reporting\/downloads\/\d+"/);
    expect(keys.length).toBe(2);
    expect(keysInLog(log, keys)).toEqual([]);
  });
});
