/**
 * Lost updates and never losing an edit, in Chromium (issue 5, docs/decisions/100, 101): two tabs
 * edit different fields of one application and, after the Merge offer, both changes are on the
 * server; a tab that loses the network keeps its edit, shows the offline state and saves it when
 * the network is back; an edit made while the API is unreachable survives a page reload and is
 * saved once the API answers again.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIAMI } from '../server/helpers/sample-records.ts';
import { dialogAxeViolationsInBothSchemes } from './axe-violations.ts';
import { withBrowserErrors } from './browser-errors.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const SAVED = 'All changes saved';
const OFFLINE = 'Offline — changes kept on this device, will retry';

describe('two tabs and offline edits in Chromium', () => {
  let portal: RunningPortal;
  let sessionKey: string;

  /** POST /api/agent-portal/<path> as the demo agent: the envelope. */
  const agentCall = async (path: string, body: object) =>
    (await portal.post(`agent-portal/${path}`, { session_key: sessionKey, ...body })).body;

  /** A fresh application of the demo agent, created through the API; its numeric id. */
  async function newApplication(): Promise<number> {
    const answer = await agentCall('create-new-application', { address: MIAMI });
    expect(answer.code, answer.message).toBe(200);
    return answer.data.application.id;
  }

  async function stored(id: number): Promise<Record<string, unknown>> {
    const answer = await agentCall('get-application-by-id', { application_id: id });
    return answer.data.application.payload.useable_details;
  }

  /** A browser context (one profile: tabs share its storage) signed in as the demo agent. */
  async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await portal.signIn(page, 'agent@demo.test');
    return { context, page };
  }

  async function openForm(page: Page, id: number) {
    await page.goto(`${portal.baseUrl}/agent-portal/application-details/${id}`);
    await field(page, 'first_name').waitFor();
  }

  const field = (page: Page, name: string) => page.locator(`[data-field="${name}"] input`).first();

  async function type(page: Page, name: string, value: string) {
    await field(page, name).fill(value);
    await field(page, name).blur();
  }

  /** Runs `journey`, screenshotting the pages and adding browser errors when it fails. */
  async function withDiagnostics(name: string, pages: Page[], journey: () => Promise<void>) {
    const errors: string[] = [];
    for (const page of pages) page.on('pageerror', (e) => errors.push(e.message));
    try {
      await journey();
    } catch (error) {
      for (const [index, page] of pages.entries()) await portal.screenshot(page, `${name}-failure-${index}`);
      throw withBrowserErrors(error, errors);
    }
    expect(errors).toEqual([]);
  }

  beforeAll(async () => {
    portal = await startPortal();
    sessionKey = await portal.sessionKeyOf('agent@demo.test');
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('keeps both tabs’ changes to different fields after the merge offer', async () => {
    const id = await newApplication();
    const { context, page: first } = await signedIn();
    const second = await context.newPage();
    await withDiagnostics('two-tabs', [first, second], async () => {
      await openForm(first, id);
      await openForm(second, id);

      await type(first, 'first_name', 'Tab-A-First');
      await first.getByText(SAVED).waitFor();

      // The second tab still edits the version it opened: its save meets the first tab's.
      await type(second, 'last_name', 'Tab-B-Last');
      const dialog = second.getByRole('dialog', { name: 'This application was changed elsewhere' });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByRole('listitem').allTextContents()).toEqual(['Last Name']);
      await portal.screenshot(second, 'merge-modal', false);
      expect(await dialogAxeViolationsInBothSchemes(second)).toEqual([]);
      await dialog.getByRole('button', { name: 'Merge' }).click();
      await second.getByText(SAVED).waitFor();

      expect(await field(second, 'first_name').inputValue()).toBe('Tab-A-First');
      expect(await field(second, 'last_name').inputValue()).toBe('Tab-B-Last');
      const doc = await stored(id);
      expect(doc.first_name).toBe('Tab-A-First');
      expect(doc.last_name).toBe('Tab-B-Last');
    });
    await context.close();
  });

  it('keeps an edit made offline, survives a reload and saves when the server answers', async () => {
    const id = await newApplication();
    const { context, page } = await signedIn();
    await withDiagnostics('offline', [page], async () => {
      await openForm(page, id);

      let failedSaves = 0;
      page.on('requestfailed', (request) => {
        if (request.url().endsWith('/api/agent-portal/update-application')) failedSaves += 1;
      });
      // The browser loses the network: the edit stays on this device.
      await context.setOffline(true);
      await type(page, 'first_name', 'Offline-First');
      await page.getByText(OFFLINE).waitFor();
      await portal.screenshot(page, 'offline-state', false);
      const kept = await page.evaluate((key) => localStorage.getItem(key), `mga-portal-unsaved-edits:${id}`);
      expect(JSON.parse(kept ?? '{}').fields).toEqual({ first_name: 'Offline-First' });
      // After the first retry failed too, the next is 6 s away: back online, the 'online' event
      // saves at once instead.
      await expect.poll(() => failedSaves, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      const back = Date.now();
      await context.setOffline(false);
      await page.getByText(SAVED).waitFor();
      expect(Date.now() - back).toBeLessThan(3000);
      expect((await stored(id)).first_name).toBe('Offline-First');

      // The API is unreachable (a page load needs the network, so the browser itself stays
      // online): the edit waits in this browser across a reload.
      const save = '**/api/agent-portal/update-application';
      await context.route(save, (route) => route.abort('connectionrefused'));
      await type(page, 'last_name', 'Kept-Across-Reload');
      await page.getByText(OFFLINE).waitFor();
      await page.reload();
      await field(page, 'last_name').waitFor();
      expect(await field(page, 'last_name').inputValue()).toBe('Kept-Across-Reload');
      await page.getByText('Unsaved changes restored').waitFor();
      await page.getByText(OFFLINE).waitFor();
      await portal.screenshot(page, 'offline-restored', false);
      expect((await stored(id)).last_name).not.toBe('Kept-Across-Reload');

      // The API answers again: the next retry saves it and the local copy is forgotten.
      await context.unroute(save);
      await page.getByText(SAVED).waitFor({ timeout: 15_000 });
      const doc = await stored(id);
      expect(doc.last_name).toBe('Kept-Across-Reload');
      expect(doc.first_name).toBe('Offline-First');
      expect(
        await page.evaluate((key) => localStorage.getItem(key), `mga-portal-unsaved-edits:${id}`),
      ).toBeNull();
    });
    await context.close();
  });
});
