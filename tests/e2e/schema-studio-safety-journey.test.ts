/**
 * Safe rule changes in Chromium (issue 37): a super-admin adds a required field "Sump Pump" with
 * two options in the fields editor without touching JSON, saves the draft, and on Publish sees its
 * impact in words beside the button (the in-progress applications that would newly be asked for
 * it); Publish waits for the confirmation, then publishes, and the history names who published it
 * and that the impact was accepted. Axe in light and dark on the add-field and publish dialogs;
 * screenshots of both and of the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIAMI } from '../server/helpers/sample-records.ts';
import { dialogAxeViolationsInBothSchemes } from './axe-violations.ts';
import { cspViolations, type RunningPortal, startPortal } from './harness.ts';

describe('safe rule changes in the schema studio, in Chromium', () => {
  let portal: RunningPortal;

  async function api(path: string, body: Record<string, unknown>) {
    const response = await fetch(`${portal.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json();
  }

  beforeAll(async () => {
    portal = await startPortal();
    // One application in progress for the impact to count.
    const login = await api('auth/login', { email: 'agent@demo.test', password: 'demo1234' });
    const made = await api('agent-portal/create-new-application', {
      session_key: login.data.session_key,
      address: MIAMI,
    });
    expect(made.code, made.message).toBe(200);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('adds a field without JSON, shows its impact beside Publish, and publishes once confirmed', async () => {
    const admin = await portal.newPage();
    const violations = await cspViolations(admin);
    await portal.signIn(admin, 'superadmin@demo.test');
    await admin.goto(`${portal.baseUrl}/dashboard/schema-studio`);
    await admin.getByRole('tab', { name: 'Editor' }).click();
    await admin.getByRole('tab', { name: 'Fields' }).click();

    await admin.getByRole('button', { name: 'Add a field' }).click();
    const add = admin.getByRole('dialog', { name: 'Add a field' });
    await add.getByLabel('Key').fill('sump_pump');
    await add.getByLabel('Label').fill('Sump Pump');
    for (const [value, label] of [
      ['yes', 'Yes, working'],
      ['no', 'No'],
    ]) {
      await add.getByRole('button', { name: 'Add an option' }).click();
      await add
        .getByRole('textbox', { name: /Value of new option/ })
        .last()
        .fill(value);
      await add
        .getByRole('textbox', { name: /Label of new option/ })
        .last()
        .fill(label);
    }
    await add.getByRole('checkbox', { name: 'In the primary form' }).check();
    // Optional: a required field would add a message to every Primary case (schemas/cases), which
    // then pin the old messages and refuse the publish until a product person updates them.
    await add.getByRole('switch', { name: /Required where it shows/ }).waitFor();
    await portal.screenshot(admin, 'schema-studio-add-field', false);
    expect(await dialogAxeViolationsInBothSchemes(admin)).toEqual([]);
    await add.getByRole('button', { name: 'Add the field' }).click();
    await add.waitFor({ state: 'hidden' });
    // The new field is chosen in the editor, its panel ready for a default and required-when.
    await admin.getByRole('region', { name: 'Field sump_pump' }).waitFor();

    await admin.getByLabel('Change note').fill('Ask about a sump pump');
    await admin.getByRole('button', { name: 'Save as draft' }).click();
    await admin.getByRole('tab', { name: 'Versions' }).click();
    await admin
      .getByRole('row', { name: /Ask about a sump pump/ })
      .getByRole('button', { name: 'Publish' })
      .click();
    const dialog = admin.getByRole('dialog');
    const impact = dialog.getByRole('region', { name: 'Impact on stored applications' });
    await impact.waitFor();
    await impact
      .getByText(/sump_pump would appear on/)
      .first()
      .waitFor();
    const publish = dialog.getByRole('button', { name: 'Publish' });
    await portal.screenshot(admin, 'schema-studio-publish-impact', false);
    expect(await dialogAxeViolationsInBothSchemes(admin)).toEqual([]);
    // A field that appears changes no stored outcome or message: no consent is asked.
    expect(await impact.getByRole('checkbox', { name: /I have read the impact/ }).count()).toBe(0);
    await publish.click();
    await dialog.waitFor({ state: 'hidden' });

    const history = admin.getByRole('region', { name: 'Version history' });
    await history.getByText(/Sam Super published draft \d+ as version \d+/).waitFor();
    expect(await history.getByText(/accepting its impact/).count()).toBe(0);
    await portal.screenshot(admin, 'schema-studio-history');
    expect(violations).toEqual([]);
  });
});
