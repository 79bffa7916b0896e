/**
 * Template preview in Chromium (issue 14): the demo admin types an e-mail template in the messaging
 * console and previews it, rendered by the server's renderer for the sample client; a template
 * with an unclosed Liquid tag shows the server's syntax error as an alert and cannot be saved.
 * axe-core finds no serious violation there and in the automatic messages dialog, light and dark.
 * Screenshots: auto-send-dialog.png, template-preview.png, template-preview-error-dark.png
 * (test-results/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('template preview in Chromium', () => {
  let portal: RunningPortal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('an admin previews a template for the sample client and sees a Liquid error, light and dark', async () => {
    // bypassCSP: axe-core is injected as a script tag (tests only).
    const page = await portal.newPage({ bypassCSP: true });
    await portal.signIn(page, 'admin@demo.test');
    await page.goto(`${portal.baseUrl}/dashboard/portal-settings/messaging-console`);
    await page.getByRole('button', { name: 'Edit automatic messages' }).click();
    const autoSend = page.getByRole('dialog', { name: 'Automatic messages' });
    await autoSend.getByLabel('Follow up after (minutes)').waitFor();
    await portal.screenshot(page, 'auto-send-dialog');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await autoSend.getByRole('button', { name: 'Cancel' }).click();
    await autoSend.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Manage email templates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email templates' });
    await dialog.getByLabel('Template name').fill('Quotes ready');
    await dialog.getByLabel('Subject').fill('Your flood quotes, {{first_name}}');
    await dialog
      .getByLabel('Body')
      .fill('Hi {{ first_name }}, quotes for {{address}} start at {{min_quote_amount}}.');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Template preview' });
    await preview.waitFor();
    expect(await preview.textContent()).toContain('Your flood quotes, Jane');
    expect(await preview.textContent()).toContain(
      'Hi Jane, quotes for 123 Ocean Drive, Miami, FL 33139 start at $1,234.50.',
    );
    await portal.screenshot(page, 'template-preview');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByLabel('Body').fill('{% if first_name %}Hi {{first_name}}');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Cannot preview' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Template syntax error: tag {% if first_name %} not closed');
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await dialog
      .getByText(/^Template syntax error/)
      .first()
      .waitFor();

    await page.evaluate((key) => localStorage.setItem(key, 'dark'), COLOR_SCHEME_KEY);
    await page.reload();
    await page.getByRole('button', { name: 'Manage email templates' }).click();
    await dialog.getByLabel('Subject').fill('Hi');
    await dialog.getByLabel('Body').fill('{% for x in y %}');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Cannot preview' }).waitFor();
    await portal.screenshot(page, 'template-preview-error-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
