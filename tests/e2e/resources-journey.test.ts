/**
 * Issue 15 Resources end to end in Chromium: the demo admin adds a training video (an https address)
 * and a carrier document (a PDF file) for Titan; the agent opens Resources from the navigation, sees
 * the video as new on the landing page, finds the document by searching "binding", opens the video
 * in the watch dialog, and after a reload the video is no longer new. Screenshots in light and dark:
 * resources-videos-<mode>.png, resources-carriers.png, resources-watch.png. The document's link
 * carries no session key (the browser's session cookie opens it) and the server's log names none
 * (ADR 748).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogAxeViolationsInBothSchemes } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';
import { keysInLog, storedSessionKey } from './keys-in-server-log.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('resources in Chromium', () => {
  let portal: RunningPortal;
  /** The session keys the journey's pages held. */
  const keys: string[] = [];
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('an admin adds a video and a document; an agent finds them and watches', async () => {
    const admin = await portal.newPage();
    await portal.signIn(admin, 'admin@demo.test');
    keys.push(await storedSessionKey(admin));
    await admin.goto(`${portal.baseUrl}/dashboard/resources/training-videos`);
    await admin.getByRole('button', { name: 'Add video' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add training video' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Elevation certificates in 5 minutes');
    await dialog.getByRole('textbox', { name: 'Category' }).fill('Underwriting');
    await dialog.getByRole('textbox', { name: /Video address/ }).fill('https://videos.example.com/ec.mp4');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin
      .getByRole('article')
      .or(admin.getByLabel('Video Elevation certificates in 5 minutes'))
      .first()
      .waitFor();

    const pdf = join(tmpdir(), 'titan-binding-authority.pdf');
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    await admin.goto(`${portal.baseUrl}/dashboard/resources/carrier-resources`);
    await admin.getByRole('button', { name: 'Add document: Titan Flood' }).click();
    const documentDialog = admin.getByRole('dialog', { name: 'Add carrier document' });
    await documentDialog.getByRole('textbox', { name: 'Title' }).fill('Titan binding authority');
    await documentDialog.getByText(/^A file/).click();
    await documentDialog.locator('input[type="file"]').setInputFiles(pdf);
    await documentDialog.getByRole('button', { name: 'Add' }).click();
    await documentDialog.waitFor({ state: 'hidden' });
    await admin.context().close();

    const agent = await portal.newPage();
    await portal.signIn(agent, 'agent@demo.test');
    keys.push(await storedSessionKey(agent));
    await agent
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Resources' })
      .click();
    await agent.getByRole('heading', { name: 'Resources' }).waitFor();
    await agent.getByText('1 new').waitFor();
    await agent.getByRole('link', { name: 'Carrier resources' }).click();
    await agent.getByRole('textbox', { name: 'Search carriers and documents' }).fill('binding');
    const titan = agent.getByRole('region', { name: 'Titan Flood' });
    await titan.getByRole('link', { name: 'Titan binding authority' }).waitFor();
    expect(await agent.getByRole('region').count()).toBe(1);
    const href = String(
      await titan.getByRole('link', { name: 'Titan binding authority' }).getAttribute('href'),
    );
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/resources\/file\/\d+$/);
    // The browser opens it with its session cookie alone; without the cookie it is refused.
    const opened = await agent.evaluate(async (url) => {
      const answer = await fetch(url);
      return { status: answer.status, type: answer.headers.get('content-type') };
    }, href);
    expect(opened).toEqual({ status: 200, type: 'application/pdf' });
    expect((await fetch(href)).status).toBe(401);
    await portal.screenshot(agent, 'resources-carriers', false);

    await agent.goto(`${portal.baseUrl}/dashboard/resources/training-videos`);
    const card = agent.getByLabel('Video Elevation certificates in 5 minutes');
    await card.getByText('New').waitFor();
    await card.getByRole('button', { name: 'Watch' }).click();
    const watch = agent.getByRole('dialog', { name: 'Elevation certificates in 5 minutes' });
    const video = watch.locator('video');
    expect(await video.getAttribute('src')).toBe('https://videos.example.com/ec.mp4');
    await portal.screenshot(agent, 'resources-watch', false);
    expect(await dialogAxeViolationsInBothSchemes(agent)).toEqual([]);
    await watch.getByRole('button').first().click();
    await agent.reload();
    await agent.getByLabel('Video Elevation certificates in 5 minutes').getByText('Not started').waitFor();
    expect(await agent.getByLabel('Video Elevation certificates in 5 minutes').getByText('New').count()).toBe(
      0,
    );
    await agent.context().close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`shows the library (${mode})`, async () => {
      const page = await portal.newPage();
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, 'agent@demo.test');
        await page.goto(`${portal.baseUrl}/dashboard/resources/training-videos`);
        await page.getByLabel('Video Elevation certificates in 5 minutes').waitFor();
        await portal.screenshot(page, `resources-videos-${mode}`, false);
      } finally {
        await page.context().close();
      }
    });
  }

  it('leaves no session key in the server log, though a file was opened', () => {
    const log = portal.serverLog();
    expect(log).toMatch(/"url":"\/api\/resources\/file\/\d+"/);
    expect(keys.length).toBe(2);
    expect(keysInLog(log, keys)).toEqual([]);
  });
});
