/**
 * Safe rule changes in Chromium (issue 37): a super-admin adds a required field "Sump Pump" with
 * two options in the fields editor without touching JSON, saves the draft, and on Publish sees its
 * impact in words beside the button (the in-progress applications that would newly be asked for
 * it); Publish waits for the confirmation, then publishes, and the history names who published it
 * and that the impact was accepted. Then renames what agents read of a foundation option (nothing
 * proposed, nothing refused) and a stored value through the remap the studio proposes: the published
 * version's property-data mapping writes the new value, an application started before still saves
 * the old one under its own version, and a new one saves the new one. Axe in light and dark on the
 * add-field and publish dialogs; screenshots of both, of the proposal and of the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../schemas/schema-set.ts';
import { MIAMI } from '../server/helpers/sample-records.ts';
import { dialogAxeViolationsInBothSchemes } from './axe-violations.ts';
import { cspViolations, type RunningPortal, startPortal } from './harness.ts';

describe('safe rule changes in the schema studio, in Chromium', () => {
  let portal: RunningPortal;

  let agentKey: string;
  /** A new Primary application saved with `foundation_type`; the save's answer. */
  async function saveWithFoundation(foundationType: string, applicationId?: number) {
    const id =
      applicationId ??
      (await portal.post('agent-portal/create-new-application', { session_key: agentKey, address: MIAMI }))
        .body.data.application.id;
    const { body: saved } = await portal.post('agent-portal/update-application', {
      session_key: agentKey,
      application_id: id,
      address_details: { ...examples.primary, foundation_type: foundationType },
    });
    return { id: id as number, saved };
  }

  beforeAll(async () => {
    portal = await startPortal();
    agentKey = await portal.sessionKeyOf('agent@demo.test');
    // One application in progress for the impact to count.
    const made = await portal.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    expect(made.statusCode, made.body.message).toBe(200);
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

  it('renames a label with nothing proposed, and a stored value through a proposed remap that moves the mapping', async () => {
    // Started before the rename, holding the value about to be renamed.
    const before = await saveWithFoundation('Solid Foundation Walls');
    expect(before.saved.code, before.saved.message).toBe(200);

    const admin = await portal.newPage();
    await portal.signIn(admin, 'superadmin@demo.test');
    await admin.goto(`${portal.baseUrl}/dashboard/schema-studio`);
    await admin.getByRole('tab', { name: 'Editor' }).click();
    /** The Fields tab opens on the first form's first field: back to foundation_type of primary. */
    const openFoundationType = async () => {
      await admin.getByRole('tab', { name: 'Fields' }).click();
      await admin.getByRole('combobox', { name: 'Form' }).click();
      await admin.getByRole('option', { name: 'primary', exact: true }).click();
      await admin
        .getByRole('navigation', { name: 'Fields of the form' })
        .getByText('foundation_type', { exact: true })
        .click();
    };
    await openFoundationType();
    const options = admin
      .getByRole('region', { name: 'Field foundation_type' })
      .getByRole('region', { name: 'Options' });
    const values = await options
      .getByRole('textbox', { name: /^Value of option/ })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const at = (value: string) => values.indexOf(value) + 1;

    // What agents read changes; the stored value does not, so there is nothing to migrate.
    await options
      .getByRole('textbox', { name: `Label of option ${at('Piers/Posts/Piles')}` })
      .fill('Piers, posts or piles');
    await admin.getByRole('tab', { name: 'Migrations' }).click();
    await admin
      .getByText(/Nothing to propose: no field was removed or renamed, no option withdrawn/)
      .waitFor();

    // The stored value changes: the studio proposes the remap, which also moves the mapping.
    await openFoundationType();
    await options
      .getByRole('textbox', { name: `Value of option ${at('Solid Foundation Walls')}` })
      .fill('Solid foundation walls');
    await admin.getByRole('tab', { name: 'Migrations' }).click();
    const proposal = admin.getByRole('checkbox', {
      name: 'In "foundation_type", replace Solid Foundation Walls → "Solid foundation walls"',
    });
    await proposal.waitFor();
    expect(await proposal.isChecked()).toBe(true);
    await portal.screenshot(admin, 'schema-studio-remap-proposed', false);
    await admin.getByRole('button', { name: 'Add 1 step as a migration' }).click();
    await admin
      .getByRole('region', { name: 'Migrations of this draft' })
      .getByText('In "foundation_type", replace Solid Foundation Walls → "Solid foundation walls"')
      .waitFor();

    await admin.getByLabel('Change note').fill('Foundation wording');
    await admin.getByRole('button', { name: 'Save as draft' }).click();
    await admin.getByRole('tab', { name: 'Versions' }).click();
    await admin
      .getByRole('row', { name: /Foundation wording/ })
      .getByRole('button', { name: 'Publish' })
      .click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Impact on stored applications' }).waitFor();
    const consent = dialog.getByRole('checkbox', { name: /I have read the impact/ });
    const publish = dialog.getByRole('button', { name: 'Publish' });
    // Whether consent is asked depends on what the replay finds; Publish waits for the report.
    await expect.poll(async () => (await consent.count()) > 0 || (await publish.isEnabled())).toBe(true);
    if ((await consent.count()) > 0) await consent.check();
    await publish.click();
    await dialog.waitFor({ state: 'hidden' });
    const history = admin.getByRole('region', { name: 'Version history' });
    await history
      .getByText(/Sam Super published draft \d+ as version \d+/)
      .first()
      .waitFor();

    // The published version: the label is renamed, the value remapped, and the provider's words map to it.
    const superKey = await portal.sessionKeyOf('superadmin@demo.test');
    const current = (await portal.post('schema-studio/list-versions', { session_key: superKey })).body.data
      .current;
    const published = (
      await portal.post('schema-studio/get-version', { session_key: superKey, version: current })
    ).body.data.schema_set;
    const words = JSON.stringify(published);
    expect(words).toContain('"title":"Piers, posts or piles"');
    expect(words).toContain('"const":"Piers/Posts/Piles"');
    const foundationWords = JSON.stringify(published.value_mappings['property-data']);
    expect(foundationWords).toContain('"FOUNDATION WALLS":"Solid foundation walls"');
    expect(foundationWords).not.toContain('"Solid Foundation Walls"');

    // The earlier application keeps its version and saves its value; a new one saves the new value.
    const again = await saveWithFoundation('Solid Foundation Walls', before.id);
    expect(again.saved.code, again.saved.message).toBe(200);
    const after = await saveWithFoundation('Solid foundation walls');
    expect(after.saved.code, after.saved.message).toBe(200);
    const refused = await saveWithFoundation('Solid Foundation Walls');
    expect(refused.saved.code).toBe(422);
  });
});
