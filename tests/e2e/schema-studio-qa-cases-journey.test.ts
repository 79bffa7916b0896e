/**
 * QA without code in Chromium (issue 37): a super-admin, as QA, types a too short phone into the
 * studio's preview and adds "expect exactly these messages" and "expect this field hidden" as cases
 * without JSON, runs every case of the draft on the test bench, finds no unpinned boundary, then
 * sees the boundaries of the replacement-cost minimum reported once its cases are cut from the
 * working copy (publishing a draft with cases: tests/server/schema-studio.test.ts). axe in light and dark;
 * screenshots of the preview with the case controls and of the cases card.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaSet } from '../../schemas/schema-set.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { cspViolations, type RunningPortal, startPortal } from './harness.ts';
import { pasteInto } from './paste-text.ts';

describe('QA cases in the schema studio, in Chromium', () => {
  let portal: RunningPortal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  /** Serious or critical axe violations in light mode (every rule) and dark mode (the colour rules). */
  async function violationsInBothSchemes(page: Page): Promise<string[]> {
    const found = (await seriousAxeViolations(page)).map((v) => `light: ${v}`);
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    found.push(...(await seriousAxeViolations(page, undefined, 'colour')).map((v) => `dark: ${v}`));
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
    return found;
  }

  it('adds QA cases from the preview, runs the suite and shows unpinned boundaries', async () => {
    const page = await portal.newPage();
    const csp = await cspViolations(page);
    await portal.signIn(page, 'superadmin@demo.test');
    await page.goto(`${portal.baseUrl}/dashboard/schema-studio`);
    await page.getByRole('tab', { name: 'Editor' }).click();
    await page.getByRole('tab', { name: 'Test bench' }).click();

    // QA fills the preview from the example and types a phone number that is too short.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('combobox', { name: 'Fill the preview' }).click();
    await page.getByRole('option', { name: 'Example document' }).click();
    const phone = preview.locator('[data-field="phone"] input').first();
    await phone.fill('123');
    await phone.blur();
    const qa = preview.getByRole('region', { name: 'Add a QA case' });
    await qa.getByLabel('Add what the preview shows as a QA case').fill('Short phone on primary');
    await qa.getByRole('button', { name: 'Expect exactly these messages' }).click();
    await qa.getByLabel('Add what the preview shows as a QA case').fill('No business name for an individual');
    await qa.getByPlaceholder('A hidden field').click();
    await page.getByRole('option', { name: 'Business Name (business_name)', exact: true }).click();
    await qa.getByRole('button', { name: 'Expect this field hidden' }).click();
    await portal.screenshot(page, 'schema-studio-qa-case-from-preview', false);

    // The whole suite on the draft, then the boundaries no case pins.
    const cases = page.getByRole('region', { name: 'Cases' });
    await cases.getByRole('button', { name: 'Run every case' }).click();
    const total = (schemaSet.cases ?? []).reduce((sum, file) => sum + file.cases.length, 0) + 2;
    await cases.getByText(`All ${total} cases hold`).waitFor();
    await cases.getByRole('button', { name: 'Find unpinned boundaries' }).click();
    await cases.getByText('Every boundary of every rule is pinned by a case.').waitFor({ timeout: 60_000 });
    expect(await violationsInBothSchemes(page)).toEqual([]);
    await portal.screenshot(page, 'schema-studio-cases-all-hold', false);

    // Without the replacement-cost cases, the bench names that rule's unpinned boundaries.
    await page.getByRole('tab', { name: 'Raw JSON' }).click();
    await page.getByRole('combobox', { name: 'Part of the schema set' }).click();
    await page.getByRole('option', { name: 'cases', exact: true }).click();
    const json = page.getByLabel('JSON of the part');
    const edited = JSON.parse((await json.inputValue()) || '[]') as { id: string; cases: { id: string }[] }[];
    for (const file of edited)
      file.cases = file.cases.filter((kase) => !kase.id.startsWith('replacement-cost-minimum'));
    await pasteInto(json, JSON.stringify(edited, null, 2));
    await page.getByRole('tab', { name: 'Test bench' }).click();
    await cases.getByRole('button', { name: 'Find unpinned boundaries' }).click();
    await cases.getByText(/No case notices these changes/).waitFor({ timeout: 60_000 });
    await cases.getByText('cross_rules › building-replacement-cost-minimum › params › amount:').waitFor();
    await expect(cases.getByText(/125 → 126/).count()).resolves.toBeGreaterThan(0);
    expect(await violationsInBothSchemes(page)).toEqual([]);
    await portal.screenshot(page, 'schema-studio-cases-unpinned', false);

    expect(csp).toEqual([]);
    // Two mutation runs in the page (a few seconds of CPU each) and two axe passes: longer than the default.
  }, 300_000);
});
