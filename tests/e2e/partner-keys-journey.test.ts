/**
 * Issue 16 Partner API keys and Invitations in Chromium: /dashboard/api-partner shows the curl
 * examples (the ones tests/server/partner-api runs); an admin invites a user without typing a
 * password and is told where the invitation went (the link itself: tests/server/accounts/
 * invitations.test.ts); an admin creates a key in the messaging console and edits its scopes
 * after creation. No serious or critical axe violation in light and dark mode. Screenshots:
 * api-partner-<mode>.png, invite-user-<mode>.png, api-key-edit-<mode>.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('partner keys and invitations in Chromium', () => {
  let portal: RunningPortal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  /** A page in `mode`, allowed to inject axe-core. */
  async function pageIn(mode: 'light' | 'dark'): Promise<Page> {
    const page = await portal.newPage({ bypassCSP: true });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      COLOR_SCHEME_KEY,
      mode,
    ] as const);
    return page;
  }

  for (const mode of ['light', 'dark'] as const) {
    it(`documents the partner API with runnable curl examples and invites a user (${mode})`, async () => {
      const page = await pageIn(mode);
      try {
        await page.goto(`${portal.baseUrl}/dashboard/api-partner`);
        await page.getByRole('heading', { name: 'Try it with curl' }).waitFor();
        const setup = await page.getByLabel('Shell set-up', { exact: true }).innerText();
        expect(setup).toContain(`export API_BASE="${portal.baseUrl}/api"`);
        const create = await page.getByLabel('curl: Create an application', { exact: true }).innerText();
        expect(create).toContain('Authorization: Bearer $API_KEY');
        expect(create).toContain('/agent-portal/create-new-application');
        await page.getByRole('table', { name: 'API reference' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `api-partner-${mode}`);

        await portal.signIn(page, 'admin@demo.test');
        await page.goto(`${portal.baseUrl}/dashboard/mga-management`);
        await page.getByRole('table', { name: 'Users' }).waitFor();
        await page.getByRole('button', { name: 'New user' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create user' });
        await dialog.waitFor();
        expect(await dialog.locator('input[type="password"]').count()).toBe(0);
        const email = `invited.${mode}.${Date.now()}@demo.test`;
        await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Invited ${mode}`);
        await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
        await dialog.getByRole('radio', { name: 'Customer' }).check();
        await dialog.getByText('We e-mail an invitation to choose a password').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `invite-user-${mode}`, false);
        await dialog.getByRole('button', { name: 'Create user' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByText(`An invitation to choose a password was sent to ${email}`).waitFor();
      } finally {
        await page.context().close();
      }
    }, 180_000);
  }
  for (const mode of ['light', 'dark'] as const) {
    it(`an admin creates a partner key, then changes its scopes (${mode})`, async () => {
      const page = await pageIn(mode);
      try {
        await portal.signIn(page, 'admin@demo.test');
        await page.goto(`${portal.baseUrl}/dashboard/portal-settings/messaging-console`);
        await page.getByRole('button', { name: 'Manage API credentials' }).click();
        const dialog = page.getByRole('dialog', { name: 'API credentials' });
        const name = `CRM ${mode}`;
        await dialog.getByLabel('Credential name').fill(name);
        await dialog.getByRole('button', { name: 'Create credential' }).click();
        await dialog.getByTestId('api-secret').waitFor();
        await dialog.getByRole('button', { name: 'I have copied it' }).click();

        await dialog.getByRole('button', { name: `Edit ${name}` }).click();
        const form = dialog.getByRole('form', { name: `Edit ${name}` });
        await form.getByLabel('Create and update applications').check();
        await form.getByLabel('Launch applications to carriers').check();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `api-key-edit-${mode}`, false);
        await form.getByRole('button', { name: 'Save scopes' }).click();
        await form.waitFor({ state: 'hidden' });
        const row = dialog.getByRole('row').filter({ hasText: name });
        await row.getByText('applications:launch').waitFor();
        await row.getByText('applications:write').waitFor();
        await page.getByText('Credential saved').waitFor();
      } finally {
        await page.context().close();
      }
    }, 180_000);
  }
});
