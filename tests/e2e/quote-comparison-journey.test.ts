/**
 * Issue 17 in Chromium: launching an empty Primary form lists every message in one panel and moves
 * focus to the first field (an entry jumps to its field); a completed application's quotes open
 * as the comparison table on a desktop, two carriers compare side by side, and the difference
 * flags carry the asked value. Issue 19: the agency's admin connects the three sample carriers
 * (fake carrier servers started here, reached through CARRIER_CONNECTION_ORIGINS) in settings, and
 * an agent's launch shows their bindable quotes, with carrier logos and bind links, beside the
 * indicative sandbox ones; the admin tests a connection in settings and sees the masked exchange.
 * Issue 40: the send dialog opened after a comparison starts with the compared carriers, lists the
 * quotes cheapest first and previews the e-mail filled in (send-quote-from-comparison-<mode>.png).
 * axe-core in light and dark. Screenshots: launch-messages-<mode>.png, quote-comparison-<mode>.png,
 * quote-side-by-side-<mode>.png, live-and-sandbox-quotes-<mode>.png, carrier-connection-test-<mode>.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import { examples } from '../../schemas/schema-set.ts';
import {
  FAKE_CREDENTIALS,
  type FakeCarrierServer,
  fakeCarrierOrigins,
  startFakeCarrierServer,
} from '../server/helpers/fake-carrier-server.ts';
import { addressOf } from '../server/helpers/sample-records.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const MODES = ['light', 'dark'] as const;

describe('launch messages and the quotes comparison in Chromium', () => {
  let portal: RunningPortal;
  let fake: FakeCarrierServer;
  let newId: number;
  let completedId: number;
  /** The agent's session key. */
  let key: string;
  /**
   * A complete Primary document, saved but not launched, for the agent to launch in the browser:
   * one per try, so a retried journey launches an application of its own.
   */
  const readyToLaunch = async (): Promise<number> => {
    const ready = await portal.post('agent-portal/create-new-application', {
      session_key: key,
      address: addressOf(examples.primary),
    });
    const id = ready.body.data.application.id as number;
    const saved = await portal.post('agent-portal/update-application', {
      session_key: key,
      application_id: id,
      address_details: examples.primary,
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    return id;
  };

  beforeAll(async () => {
    fake = await startFakeCarrierServer();
    const origins = Object.entries(fakeCarrierOrigins(fake.url)).map(([id, origin]) => `${id}=${origin}`);
    portal = await startPortal({ CARRIER_CONNECTION_ORIGINS: origins.join(',') });
    key = await portal.sessionKeyOf('agent@demo.test');
    const created = await portal.post('agent-portal/create-new-application', {
      session_key: key,
      address: {
        searched_address: '1700 Convention Center Dr, Miami Beach, FL 33139',
        address1: '1700 Convention Center Dr',
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
        county: 'Miami-Dade',
      },
    });
    newId = created.body.data.application.id;
    const list = await portal.post('agent-portal/get-agent-applications-list?page=1&per_page=100', {
      session_key: key,
    });
    const completed = list.body.data.applications.data.find(
      (row: { status: string }) => row.status === 'completed',
    );
    completedId = completed.id;

    // Issue 19: the admin connects every sample carrier through the settings call the dialog uses.
    const adminKey = await portal.sessionKeyOf('admin@demo.test');
    for (const [connection, credentials] of Object.entries(FAKE_CREDENTIALS)) {
      const saved = await portal.post('carrier-connections/update', {
        session_key: adminKey,
        connection_id: connection,
        enabled: true,
        credentials,
      });
      expect(saved.statusCode, saved.body.message).toBe(200);
    }
  });
  afterAll(async () => {
    await portal?.stop();
    await fake?.close();
  });

  for (const mode of MODES) {
    it(`a failed launch lists every message and moves focus to the first field (${mode})`, async () => {
      // bypassCSP: axe-core is injected as a script tag (tests only).
      const page = await portal.newPage({ bypassCSP: true });
      // The whole Primary form renders; give a loaded machine room.
      page.setDefaultTimeout(120_000);
      await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [COLOR_SCHEME_KEY, mode] as const);
      try {
        await portal.signIn(page, 'agent@demo.test');
        await page.goto(`${portal.baseUrl}/agent-portal/application-details/${newId}`);
        await page.getByRole('button', { name: 'Launch' }).click();
        const panel = page.getByRole('alert', { name: /attention before launch$/ });
        await panel.waitFor();
        const entries = panel.getByRole('button');
        const count = await entries.count();
        expect(count).toBeGreaterThan(5);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
          .toMatch(new RegExp(`^application${newId}_`));
        const firstFocused = await page.evaluate(() => document.activeElement?.id);
        // The toast still names the first message.
        await page.getByText('Invalid data!').first().waitFor();
        // The focused field is on screen, below the sticky Launch bar.
        // (Polled: the browser may still be scrolling it into view.)
        await expect
          .poll(async () => {
            const box = await page.locator(`[id="${firstFocused}"]`).boundingBox();
            return box !== null && box.y > 60 && box.y < 900;
          })
          .toBe(true);

        // Jump to the fourth entry's field.
        await entries.nth(3).click();
        const jumped = await page.evaluate(() => document.activeElement?.id ?? '');
        expect(jumped).toMatch(new RegExp(`^application${newId}_`));
        expect(jumped).not.toBe(firstFocused);
        await portal.screenshot(page, `launch-messages-${mode}`, false);
        // Narrow, so long labels wrap: each number stays on its entry's first line.
        await page.setViewportSize({ width: 760, height: 900 });
        await panel.scrollIntoViewIfNeeded();
        await portal.screenshot(page, `launch-messages-panel-${mode}`, false);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } catch (error) {
        await portal.screenshot(page, `quote-comparison-failure-${mode}`, false).catch(() => {});
        throw error;
      } finally {
        await page.context().close();
      }
    });

    it(`compares two carriers side by side (${mode})`, async () => {
      const page = await portal.newPage({ bypassCSP: true });
      // The whole Primary form renders; give a loaded machine room.
      page.setDefaultTimeout(120_000);
      await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [COLOR_SCHEME_KEY, mode] as const);
      try {
        await portal.signIn(page, 'agent@demo.test');
        await page.goto(`${portal.baseUrl}/agent-portal/application-details/${completedId}`);
        const table = page.getByRole('table', { name: 'Quotes comparison' });
        await table.waitFor();
        await portal.screenshot(page, `quote-comparison-${mode}`);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // Sort by carrier, then compare the first two quoted carriers.
        await table
          .getByRole('columnheader', { name: /^Carrier/ })
          .getByRole('button')
          .click();
        await expect
          .poll(() => table.getByRole('columnheader', { name: /^Carrier/ }).getAttribute('aria-sort'))
          .toBe('ascending');
        const boxes = table.getByRole('checkbox');
        expect(await boxes.count()).toBeGreaterThanOrEqual(2);
        await boxes.nth(0).check();
        await boxes.nth(1).check();
        await page.getByRole('button', { name: 'Compare selected' }).click();
        const side = page.getByRole('table', { name: 'Selected quotes side by side' });
        await side.waitFor();
        expect(await side.getByRole('columnheader').count()).toBe(3);
        // Premiums of two carriers differ: that row is highlighted.
        const premiumRow = side
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: /^Premium/ }) });
        expect(await premiumRow.locator('td[data-differs]').count()).toBe(2);
        await portal.screenshot(page, `quote-side-by-side-${mode}`, false);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // Sending follows the comparison (issue 40): the dialog starts with the two compared
        // carriers ticked, lists every quote cheapest first, and previews the e-mail filled in.
        const compared = await Promise.all(
          [0, 1].map(async (i) =>
            ((await boxes.nth(i).getAttribute('aria-label')) ?? '').replace(/^Compare /, ''),
          ),
        );
        await page.getByRole('button', { name: 'Send / download quote' }).click();
        const dialog = page.getByRole('dialog', { name: 'Send or download quote' });
        const choices = dialog.getByRole('checkbox');
        await choices.first().waitFor();
        const offered = await choices.evaluateAll((inputs) =>
          inputs.map((input) => ({
            label: (input as HTMLInputElement).labels?.[0]?.textContent ?? '',
            checked: (input as HTMLInputElement).checked,
          })),
        );
        expect(
          offered
            .filter((choice) => choice.checked)
            .map((choice) => choice.label.split(' · ')[0])
            .sort(),
        ).toEqual([...compared].sort());
        const premiums = offered
          .map((choice) => /\$([\d,.]+)/.exec(choice.label)?.[1])
          .filter((amount): amount is string => amount !== undefined)
          .map((amount) => Number(amount.replaceAll(',', '')));
        expect(premiums.length).toBeGreaterThan(2);
        expect([...premiums].sort((a, b) => a - b)).toEqual(premiums);
        const preview = dialog.getByRole('region', { name: 'E-mail preview' });
        await preview.getByText(/^Your flood insurance quotes for \d+ /).waitFor();
        expect(await preview.innerText()).not.toContain('{{');
        await preview.scrollIntoViewIfNeeded();
        await portal.screenshot(page, `send-quote-from-comparison-${mode}`, false);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } catch (error) {
        await portal.screenshot(page, `quote-comparison-failure-${mode}`, false).catch(() => {});
        throw error;
      } finally {
        await page.context().close();
      }
    });
  }

  it('launches to live and sandbox carriers: bindable quotes with bind links beside indicative ones (light and dark)', async () => {
    const live = carriersFile.carriers.filter((carrier) => carrier.live_connection);
    expect(live.map((carrier) => carrier.name)).toEqual(['neptune', 'palomar', 'sterling']);
    const readyToLaunchId = await readyToLaunch();
    const page = await portal.newPage({ bypassCSP: true });
    page.setDefaultTimeout(120_000);
    try {
      await portal.signIn(page, 'agent@demo.test');
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [COLOR_SCHEME_KEY, 'light'] as const);
      await page.goto(`${portal.baseUrl}/agent-portal/application-details/${readyToLaunchId}`);
      await page.getByRole('button', { name: 'Launch', exact: true }).click();
      const table = page.getByRole('table', { name: 'Quotes comparison' });
      await table.waitFor();
      const rowOf = (name: string) =>
        table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      // Every live carrier answers from its fake server (the create-then-poll one after its polls).
      for (const carrier of live) {
        await expect
          .poll(() => rowOf(carrier.displayName).getByText('Bindable').count(), { timeout: 60_000 })
          .toBe(1);
        const row = rowOf(carrier.displayName);
        expect(await row.getByText('Indicative').count()).toBe(0);
        expect(
          await row
            .getByRole('link', {
              name: `Bind on the carrier's portal: the ${carrier.displayName} quote (opens a new tab)`,
            })
            .getAttribute('href'),
        ).toMatch(/^https:\/\/[a-z.-]+-sample\.example\//);
        expect(await row.locator(`img[src="${carrier.image}"]`).count()).toBe(1);
      }
      // ... beside the sandbox carriers' indicative quotes, none of them bindable.
      const indicative = table
        .getByRole('row')
        .filter({ has: page.getByText('Indicative', { exact: true }) });
      expect(await indicative.count()).toBeGreaterThanOrEqual(3);
      expect(await indicative.filter({ has: page.getByText('Bindable') }).count()).toBe(0);
      expect(fake.requests.some((request) => request.path === '/v1/quotes')).toBe(true);
      expect(fake.requests.some((request) => request.path === '/oauth2/token')).toBe(true);
      // Logos load: the browser decoded each one.
      const broken = await table
        .locator('img')
        .evaluateAll((images) => images.filter((image) => !(image as HTMLImageElement).naturalWidth).length);
      expect(broken).toBe(0);
      // Every action in the pinned Actions column shows its whole label: none is cut short.
      const cutShort = await table
        .locator('tbody td:last-child *')
        .evaluateAll((parts) =>
          parts.filter((part) => part.scrollWidth > part.clientWidth + 1).map((part) => part.textContent),
        );
      expect(cutShort).toEqual([]);

      for (const mode of MODES) {
        await page.evaluate(([k, v]) => localStorage.setItem(k, v), [COLOR_SCHEME_KEY, mode] as const);
        await page.reload();
        await table.waitFor();
        await rowOf('Neptune Flood').getByText('Bindable').waitFor();
        await portal.screenshot(page, `live-and-sandbox-quotes-${mode}`, false);
        expect(await seriousAxeViolations(page)).toEqual([]);
      }
      // The cards show the same marks, each carrier's logo named by its alt text.
      await page.getByText('Cards', { exact: true }).click();
      const card = page.getByLabel('Neptune Flood quote');
      await card.getByRole('img', { name: 'Neptune Flood logo' }).waitFor();
      await card.getByText('Bindable').waitFor();
      await portal.screenshot(page, 'live-and-sandbox-quote-cards-dark', false);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } catch (error) {
      await portal.screenshot(page, 'live-and-sandbox-quotes-failure', false).catch(() => {});
      throw error;
    } finally {
      await page.context().close();
    }
  });

  it('an admin tests a connected carrier in settings and sees the exchange with secrets masked (light and dark)', async () => {
    const page = await portal.newPage({ bypassCSP: true });
    try {
      await portal.signIn(page, 'admin@demo.test');
      for (const mode of MODES) {
        await page.evaluate(([k, v]) => localStorage.setItem(k, v), [COLOR_SCHEME_KEY, mode] as const);
        await page.goto(`${portal.baseUrl}/dashboard/portal-settings/global`);
        await page.getByRole('button', { name: 'Manage carrier connections' }).click();
        const dialog = page.getByRole('dialog', { name: 'Carrier connections' });
        const neptune = dialog.getByRole('region', { name: /^Neptune Flood/ });
        await neptune.getByRole('button', { name: 'Test connection' }).click();
        await neptune.getByText('The carrier answered: quoted.').waitFor();
        const exchange = await neptune.getByLabel('Request 1 and its answer').textContent();
        expect(exchange).toContain('********');
        expect(exchange).not.toContain(FAKE_CREDENTIALS.sample_api_key?.api_key);
        await portal.screenshot(page, `carrier-connection-test-${mode}`, false);
        expect(await seriousAxeViolations(page)).toEqual([]);
      }
    } catch (error) {
      await portal.screenshot(page, 'carrier-connection-test-failure', false).catch(() => {});
      throw error;
    } finally {
      await page.context().close();
    }
  });
});
