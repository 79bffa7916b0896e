/**
 * The schema studio in Chromium (issue 11): a super-admin first saves a draft with an unsatisfiable
 * cross rule (typed in the raw JSON view) and sees its publish refused, naming the rule; then
 * changes 'Invalid Phone number!' in the messages editor (and the cases that pin it, in the raw JSON
 * view: issue 37) and adds a $50,000 deductible option in
 * the fields editor, sees both in the live preview, saves a draft and publishes it; an application
 * made after shows both, one made before keeps the old text; rolling back to version 1 makes a
 * newer application show the old text again. Screenshots of the editors, the preview, the refused
 * publish and the published list.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { schemaSet } from '../../schemas/schema-set.ts';
import { MIAMI } from '../server/helpers/sample-records.ts';
import { dialogAxeViolationsInBothSchemes } from './axe-violations.ts';
import { cspViolations, type RunningPortal, startPortal } from './harness.ts';
import { pasteInto } from './paste-text.ts';

const NEW_TEXT = 'Check the phone number, please';

/** A cross rule no document can pass the condition of: the publish check must refuse it. */
const UNSATISFIABLE_RULE = {
  id: 'sqft-contradiction',
  field: 'sqft',
  when: { and: [{ '>': [{ var: 'doc.sqft' }, 10] }, { '<': [{ var: 'doc.sqft' }, 5] }] },
  assert: false,
  message: 'invalid',
};

describe('the schema studio in Chromium', () => {
  let portal: RunningPortal;
  let agentKey: string;

  async function newApplication(): Promise<{ id: number; schema_version: number }> {
    const answer = await portal.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    expect(answer.statusCode, answer.body.message).toBe(200);
    return answer.body.data.application;
  }

  /** The message shown under Phone in `scope` after typing a too short number. */
  async function typedPhoneMessage(page: Page, scope = '') {
    const phone = page.locator(`${scope} [data-field="phone"] input`).first();
    await phone.waitFor();
    await phone.fill('123');
    await phone.blur();
    const error = page.locator(`${scope} [data-field="phone"] .mantine-InputWrapper-error`).first();
    await error.waitFor();
    return (await error.textContent()) ?? '';
  }

  /** The message the agent sees under Phone after typing a too short number. */
  async function phoneMessage(page: Page, id: number): Promise<string> {
    await page.goto(`${portal.baseUrl}/agent-portal/application-details/${id}`);
    return typedPhoneMessage(page);
  }

  /** The labels of the Deductible select's options in `scope`. */
  async function deductibleOptions(page: Page, scope = ''): Promise<string[]> {
    const select = page.locator(`${scope} [data-field="deductible"] input`).first();
    await select.click();
    const listbox = page.getByRole('listbox').last();
    await listbox.waitFor();
    const labels = await listbox.getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    return labels;
  }

  /** Opens the studio's editor tab and one of its tabs. */
  async function openEditor(page: Page, tab: string) {
    await page.getByRole('tab', { name: 'Editor' }).click();
    await page.getByRole('tab', { name: tab }).click();
  }

  /** Saves the working copy as a draft with `note`, then publishes it from the versions tab; answers the dialog. */
  async function saveAndPublish(page: Page, note: string) {
    await page.getByLabel('Change note').fill(note);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page
      .getByRole('row', { name: new RegExp(note) })
      .getByRole('button', { name: 'Publish' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    return dialog;
  }

  beforeAll(async () => {
    portal = await startPortal();
    agentKey = await portal.sessionKeyOf('agent@demo.test');
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('publishes a changed message for new applications, keeps the old one for earlier ones, and rolls back', async () => {
    const before = await newApplication();
    expect(before.schema_version).toBe(1);

    const admin = await portal.newPage();
    const adminViolations = await cspViolations(admin);
    await portal.signIn(admin, 'superadmin@demo.test');
    await admin.goto(`${portal.baseUrl}/dashboard/schema-studio`);

    // A contradictory rule typed in the raw JSON view is saved as a draft but refused at publish.
    await openEditor(admin, 'Raw JSON');
    await pasteInto(
      admin.getByLabel('JSON of the part'),
      JSON.stringify([...schemaSet.cross_rules, UNSATISFIABLE_RULE], null, 2),
    );
    await admin.getByRole('button', { name: /^\d+ problems?$/ }).waitFor();
    const refused = await saveAndPublish(admin, 'A rule that cannot run');
    await refused.getByText('Not published: the draft has problems').waitFor();
    await refused
      .getByText(/sqft-contradiction/)
      .first()
      .waitFor();
    await portal.screenshot(admin, 'schema-studio-refused-publish', false);
    expect(await dialogAxeViolationsInBothSchemes(admin)).toEqual([]);
    await refused.getByRole('button', { name: 'Cancel' }).click();

    // The real change: a message text and a deductible option, both seen in the preview.
    await openEditor(admin, 'Messages');
    await admin.getByRole('button', { name: 'Discard' }).click();
    await admin.getByLabel('Text of invalid_phone_number').fill(NEW_TEXT);
    // The cases that pin the old text change with it, or the publish is refused (issue 37).
    await admin.getByRole('tab', { name: 'Raw JSON' }).click();
    await admin.getByRole('combobox', { name: 'Part of the schema set' }).click();
    await admin.getByRole('option', { name: 'cases', exact: true }).click();
    await pasteInto(
      admin.getByLabel('JSON of the part'),
      JSON.stringify(schemaSet.cases, null, 2).replaceAll(messageTexts.invalid_phone_number, NEW_TEXT),
    );
    await admin.getByRole('tab', { name: 'Fields' }).click();
    await admin.getByRole('combobox', { name: 'Form' }).click();
    await admin.getByRole('option', { name: 'primary', exact: true }).click();
    await admin.getByText('deductible', { exact: true }).click();
    await admin.getByRole('button', { name: 'Add option' }).click();
    const added = admin.getByRole('region', { name: 'Options' }).getByRole('row').last();
    await added.getByRole('textbox', { name: /Value of option/ }).fill('50000');
    await added.getByRole('textbox', { name: /Label of option/ }).fill('$50,000');
    await portal.screenshot(admin, 'schema-studio-fields-editor', false);
    const preview = '[aria-label="Preview"]';
    expect(await deductibleOptions(admin, preview)).toContain('$50,000');
    expect(await typedPhoneMessage(admin, preview)).toBe(NEW_TEXT);
    await portal.screenshot(admin, 'schema-studio-preview', false);
    const dialog = await saveAndPublish(admin, 'A friendlier phone message');
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
    const agentViolations = await cspViolations(agent);
    await portal.signIn(agent, 'agent@demo.test');
    expect(await phoneMessage(agent, after.id)).toBe(NEW_TEXT);
    expect(await deductibleOptions(agent)).toContain('$50,000');
    expect(await phoneMessage(agent, before.id)).toBe(messageTexts.invalid_phone_number);

    await admin.reload();
    await admin.getByRole('button', { name: 'Roll back to it' }).first().click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Roll back' }).waitFor();
    expect(await dialogAxeViolationsInBothSchemes(admin)).toEqual([]);
    await admin.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });
    const rolledBack = await newApplication();
    expect(rolledBack.schema_version).toBeGreaterThan(after.schema_version);
    expect(await phoneMessage(agent, rolledBack.id)).toBe(messageTexts.invalid_phone_number);
    // The studio compiled and linted drafts, and the details page a version newer than the build,
    // under the strict CSP (no 'unsafe-eval').
    expect(adminViolations).toEqual([]);
    expect(agentViolations).toEqual([]);
    // Three publish checks (lint, harness and, since issue 37, the cases) on a shared 2-core machine.
  }, 240_000);
});
