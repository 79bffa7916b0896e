/**
 * Issue 12 Commission end to end in Chromium: the demo admin marks a quoted carrier of a completed
 * application as bound on its quotes view, opens Commission from the navigation, finds the policy on
 * the month's statement with its rate and commission, exports the statement as CSV and reads the
 * file, and sees the rates. Screenshots: commission-bound.png, commission-<mode>.png,
 * commission-rates-<mode>.png.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../helpers/utc-day.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const POLICY = 'FLD-E2E-1';

describe('commission in Chromium', () => {
  let portal: RunningPortal;
  let applicationId: number;

  beforeAll(async () => {
    portal = await startPortal();
    const report = await portal.post('reporting/get-report', {
      session_key: await portal.sessionKeyOf('admin@demo.test'),
      from: utcDay(-3650),
      to: utcDay(1),
      filters: { status: 'completed' },
    });
    applicationId = report.body.data.rows[0].id;
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('marks a quoted carrier as bound and finds it on the statement and in the CSV', async () => {
    const page = await portal.newPage();
    await portal.signIn(page, 'admin@demo.test');
    await page.goto(`${portal.baseUrl}/agent-portal/application-details/${applicationId}`);
    const bind = page.getByRole('button', { name: /^Mark as bound: / }).first();
    await bind.click();
    const dialog = page.getByRole('dialog', { name: 'Mark as bound' });
    await dialog.getByRole('textbox', { name: 'Policy number' }).fill(POLICY);
    await dialog.getByRole('button', { name: 'Mark as bound' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Bound · ${POLICY}`).waitFor();
    await portal.screenshot(page, 'commission-bound', false);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Commission' })
      .click();
    await page.getByRole('heading', { name: 'Commission' }).waitFor();
    const table = page.getByRole('table', { name: 'Commission statement' });
    const row = table.locator('tbody tr', { hasText: POLICY });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    // Demo rates: 12% new business for a private carrier, 15% for NFIP.
    expect(cells.some((cell) => /^(12|15)%$/.test(cell))).toBe(true);
    expect(cells.map((cell) => cell.toLowerCase())).toContain('payable');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^commission-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'reference,client_name,carrier,product,business,policy_number,effective_date,premium,rate_percent,commission,paid',
    );
    expect(lines.some((line) => line.includes(`,${POLICY},`) && line.endsWith(',payable'))).toBe(true);
    await page.context().close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`shows the statement and the rates (${mode})`, async () => {
      const page = await portal.newPage();
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, 'admin@demo.test');
        await page.goto(`${portal.baseUrl}/dashboard/commission`);
        await page.getByRole('table', { name: 'Commission statement' }).waitFor();
        await portal.screenshot(page, `commission-${mode}`);
        await page.getByRole('tab', { name: 'Rates' }).click();
        await page.getByRole('table', { name: 'Commission rates, Primary' }).waitFor();
        await portal.screenshot(page, `commission-rates-${mode}`);
      } finally {
        await page.context().close();
      }
    });
  }
});
