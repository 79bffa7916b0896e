/**
 * The schema studio in Chromium (issue 11): a super-admin changes 'Invalid Phone number!' in the
 * message editor, saves a draft and publishes it; an application made after shows the new text,
 * one made before keeps the old; rolling back to version 1 makes a newer application show the old
 * text again. Screenshots of the editor and the published list.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { MIAMI } from '../server/helpers/sample-records.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const NEW_TEXT = 'Check the phone number, please';

describe('the schema studio in Chromium', () => {
  let portal: RunningPortal;
  let agentKey: string;

  async function api(path: string, body: Record<string, unknown>) {
    const response = await fetch(`${portal.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json();
  }

  async function newApplication(): Promise<{ id: number; schema_version: number }> {
    const answer = await api('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    expect(answer.code, answer.message).toBe(200);
    return answer.data.application;
  }

  /** The message the agent sees under Phone after typing a too short number. */
  async function phoneMessage(page: Page, id: number): Promise<string> {
    await page.goto(`${portal.baseUrl}/agent-portal/application-details/${id}`);
    const phone = page.locator('[data-field="phone"] input').first();
    await phone.waitFor();
    await phone.fill('123');
    await phone.blur();
    const error = page.locator('[data-field="phone"] .mantine-InputWrapper-error').first();
    await error.waitFor();
    return (await error.textContent()) ?? '';
  }

  beforeAll(async () => {
    portal = await startPortal();
    const login = await api('auth/login', { email: 'agent@demo.test', password: 'demo1234' });
    agentKey = login.data.session_key;
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('publishes a changed message for new applications, keeps the old one for earlier ones, and rolls back', async () => {
    const before = await newApplication();
    expect(before.schema_version).toBe(1);

    const admin = await portal.newPage();
    await portal.signIn(admin, 'superadmin@demo.test');
    await admin.goto(`${portal.baseUrl}/dashboard/schema-studio`);
    const text = admin.getByLabel('Text of invalid_phone_number');
    await text.fill(NEW_TEXT);
    await admin.getByLabel('Change note').fill('A friendlier phone message');
    await portal.screenshot(admin, 'schema-studio-editor');
    await admin.getByRole('button', { name: 'Save as draft' }).click();
    await admin.getByRole('button', { name: 'Publish' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText('A friendlier phone message').first().waitFor();
    // The new version shows what changed since the version before it.
    await admin
      .getByText(`Message "invalid_phone_number": "${messageTexts.invalid_phone_number}" -> "${NEW_TEXT}"`)
      .waitFor();
    await portal.screenshot(admin, 'schema-studio-published');

    const after = await newApplication();
    expect(after.schema_version).toBeGreaterThan(1);
    const agent = await portal.newPage();
    await portal.signIn(agent, 'agent@demo.test');
    expect(await phoneMessage(agent, after.id)).toBe(NEW_TEXT);
    expect(await phoneMessage(agent, before.id)).toBe(messageTexts.invalid_phone_number);

    await admin.reload();
    await admin.getByRole('button', { name: 'Roll back to it' }).first().click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });
    const rolledBack = await newApplication();
    expect(rolledBack.schema_version).toBeGreaterThan(after.schema_version);
    expect(await phoneMessage(agent, rolledBack.id)).toBe(messageTexts.invalid_phone_number);
  });
});
