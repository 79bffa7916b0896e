/**
 * Issue 43's carrier page in Chromium (docs/decisions/772-carrier-catalogue-versions.md): the demo
 * super-admin opens Carrier catalogue from the navigation and finds the three sample connections
 * with their health and version 1 seeded from carriers.json; edits the draft so that it fails a
 * check and reads the problem by its path; fixes it, renames a carrier and changes a connection's
 * label, checks it, tests the changed connection (a fake carrier reached through
 * CARRIER_CONNECTION_ORIGINS) with the demo agency's credentials and publishes it: version 2 with
 * the note and the publisher’s name is in use. The listed, problem and
 * published states pass axe in light and dark (test-results/carrier-catalogue-*-<mode>.png). An
 * admin has no Carrier catalogue entry and gets "Access denied" at its address.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_CREDENTIALS,
  type FakeCarrierServer,
  fakeCarrierOrigins,
  startFakeCarrierServer,
} from '../server/helpers/fake-carrier-server.ts';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { DEMO_PASSWORD, type RunningPortal, startPortal } from './harness.ts';

/**
 * Puts `text` in the draft as a paste does (one input event). Playwright's fill types the ~100 KB
 * document through Input.insertText, which took Chromium longer than the 30 s action timeout.
 */
async function pasteDraft(editor: Locator, text: string): Promise<void> {
  await editor.evaluate((element, value) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setValue?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

describe('the carrier catalogue page in Chromium', () => {
  let portal: RunningPortal;
  let fake: FakeCarrierServer;
  let agencyName: string;

  beforeAll(async () => {
    fake = await startFakeCarrierServer();
    const origins = Object.entries(fakeCarrierOrigins(fake.url)).map(([id, origin]) => `${id}=${origin}`);
    portal = await startPortal({ CARRIER_CONNECTION_ORIGINS: origins.join(',') });
    // The demo agency stores the API-key carrier's credentials, which the draft's test uses.
    const admin = (await portal.post('auth/login', { email: 'admin@demo.test', password: DEMO_PASSWORD }))
      .body;
    agencyName = admin.data.company.name;
    const saved = await portal.post('carrier-connections/update', {
      session_key: admin.data.session_key,
      connection_id: 'sample_api_key',
      enabled: true,
      credentials: FAKE_CREDENTIALS.sample_api_key,
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await portal?.stop();
    await fake?.close();
  });

  it('shows the connections and versions, lists a draft’s problems by path, tests and publishes it', async () => {
    const page = await portal.newPage({ bypassCSP: true });
    try {
      await portal.signIn(page, 'superadmin@demo.test');
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Carrier catalogue' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Carrier catalogue' }).waitFor();
      const connections = page.getByRole('table', { name: 'Connections and their health' });
      await connections.waitFor();
      expect(await connections.locator('tbody tr').count()).toBe(3);
      expect(await connections.locator('tbody tr').first().innerText()).toContain('Neptune Flood');
      const versions = page.getByRole('table', { name: 'Catalogue versions' });
      expect(await versions.locator('tbody tr').first().innerText()).toMatch(
        /^1\s+In use\s+Seeded from carriers\.json\s+The first start/i,
      );
      expect(
        await pageStateViolations(portal, page, 'carrier catalogue', 'carrier-catalogue-listed', {
          restore: true,
        }),
      ).toEqual([]);

      // A draft whose first family draws no monogram: the problem by its path, nothing to publish.
      const editor = page.getByRole('textbox', { name: 'Carriers document (JSON)' });
      const draft = JSON.parse(await editor.inputValue());
      draft.carriers[0].image = '/carriers/elsewhere.svg';
      await pasteDraft(editor, JSON.stringify(draft, null, 2));
      await page.getByRole('button', { name: 'Check draft' }).click();
      const problems = page.getByRole('list', { name: 'Problems of the draft' });
      await problems.waitFor();
      expect(await problems.innerText()).toContain(
        `carriers/0/image: must be /carriers/${draft.carriers[0].name}.svg (its monogram)`,
      );
      expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
      expect(
        await pageStateViolations(portal, page, 'carrier catalogue problems', 'carrier-catalogue-problems', {
          restore: true,
        }),
      ).toEqual([]);

      // Fixed, a carrier renamed and a connection relabelled: the connection needs a test first.
      draft.carriers[0].image = `/carriers/${draft.carriers[0].name}.svg`;
      const titan = draft.carriers.find((carrier: { name: string }) => carrier.name === 'titan');
      titan.displayName = 'Titan Flood Select';
      draft.connections.sample_api_key.label = 'Neptune Flood (renamed)';
      await pasteDraft(editor, JSON.stringify(draft, null, 2));
      await page.getByRole('button', { name: 'Check draft' }).click();
      await page.getByText('The draft passes its checks').waitFor();
      await page.getByText('Needs a test').waitFor();
      await page.getByRole('textbox', { name: 'Why this version' }).fill('Titan renamed');
      expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
      await page.getByRole('combobox', { name: 'Test with the credentials of' }).click();
      await page.getByRole('option', { name: agencyName }).click();
      await page.getByRole('button', { name: 'Test sample_api_key' }).click();
      await page.getByText('The carrier answered: quoted.').waitFor();
      await page.getByText('Tested', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect
        .poll(async () => versions.locator('tbody tr').first().innerText(), { timeout: 10_000 })
        .toMatch(/^2\s+In use\s+Titan renamed\s+Sam Super/i);
      await page.getByRole('heading', { name: 'Draft from version 2' }).waitFor();
      expect(await connections.locator('tbody tr').first().innerText()).toContain('Neptune Flood (renamed)');
      expect(
        await pageStateViolations(
          portal,
          page,
          'carrier catalogue published',
          'carrier-catalogue-published',
          {
            restore: true,
          },
        ),
      ).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 240_000);

  it('gives an admin no entry and "Access denied"', async () => {
    const page = await portal.newPage();
    try {
      await portal.signIn(page, 'admin@demo.test');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Audit trail' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Carrier catalogue' }).count()).toBe(0);
      await page.goto(`${portal.baseUrl}/dashboard/carrier-catalogue`);
      await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
