/**
 * Issue 15 uploaded training videos end to end in Chromium (ADR 260, 261): the demo admin adds a
 * training video by uploading tests/fixtures/tiny-video.webm (3 s of VP8) in the resources dialog;
 * the agent opens it in the watch-resource-video dialog, the HTML5 player plays it, seeks to 2 s
 * (answered with 206 Partial Content) and plays on from there. axe-core finds no serious or
 * critical violation with the dialog open in light and dark. Screenshots:
 * training-video-upload-dialog.png, training-video-watch-<mode>.png. The upload sends the session
 * key in its header and the player's source carries none (the session cookie), so the server's
 * log names no key (ADR 748).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { REPO_ROOT, type RunningPortal, startPortal } from './harness.ts';
import { keysInLog, storedSessionKey } from './keys-in-server-log.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const FIXTURE = join(REPO_ROOT, 'tests/fixtures/tiny-video.webm');
const TITLE = 'Flood zones in three seconds';

/**
 * The watch dialog of the uploaded video, opened from the library by `page` (signed in); the button
 * says Resume once the user has watched part of it.
 */
async function openWatchDialog(portal: RunningPortal, page: Page) {
  await page.goto(`${portal.baseUrl}/dashboard/resources/training-videos`);
  await page
    .getByLabel(`Video ${TITLE}`)
    .getByRole('button', { name: /^(Watch|Resume|Watch again)$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await dialog.locator('video').waitFor();
  return dialog;
}

describe('an uploaded training video in Chromium', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('an admin uploads a video file; an agent plays it and seeks in the watch dialog', async () => {
    const admin = await portal.newPage();
    await portal.signIn(admin, 'admin@demo.test');
    const keys = [await storedSessionKey(admin)];
    await admin.goto(`${portal.baseUrl}/dashboard/resources/training-videos`);
    await admin.getByRole('button', { name: 'Add video' }).click();
    const add = admin.getByRole('dialog', { name: 'Add training video' });
    await add.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await add.getByRole('textbox', { name: 'Category' }).fill('Flood basics');
    await add.getByText(/^A video file/).click();
    await add.locator('input[type="file"]').setInputFiles(FIXTURE);
    await portal.screenshot(admin, 'training-video-upload-dialog', false);
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'hidden' });
    await admin.getByLabel(`Video ${TITLE}`).waitFor();
    await admin.context().close();

    const agent = await portal.newPage();
    const partials: number[] = [];
    agent.on('response', (response) => {
      if (response.url().includes('/api/resources/file/')) partials.push(response.status());
    });
    await portal.signIn(agent, 'agent@demo.test');
    keys.push(await storedSessionKey(agent));
    const dialog = await openWatchDialog(portal, agent);
    const video = dialog.locator('video');
    // On a local host the API base is the origin plus /api (SPEC §7, ADR 431); no key in the
    // source: the player's requests carry the session cookie (ADR 748).
    expect(await video.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/resources\/file\/\d+$/);
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      if (element.readyState < 1)
        await new Promise((done) => element.addEventListener('loadedmetadata', done, { once: true }));
      await element.play();
      await new Promise((done) => setTimeout(done, 400));
      element.pause();
      const afterPlay = element.currentTime;
      element.currentTime = 2;
      await new Promise((done) => element.addEventListener('seeked', done, { once: true }));
      const afterSeek = element.currentTime;
      await element.play();
      await new Promise((done) => setTimeout(done, 400));
      element.pause();
      return {
        duration: element.duration,
        afterPlay,
        afterSeek,
        afterSeekAndPlay: element.currentTime,
        error: element.error?.message ?? null,
      };
    });
    expect(played.error).toBeNull();
    expect(played.duration).toBeCloseTo(3, 1);
    expect(played.afterPlay).toBeGreaterThan(0);
    expect(played.afterSeek).toBeCloseTo(2, 1);
    expect(played.afterSeekAndPlay).toBeGreaterThan(2.1);
    // The player fetched the file in ranges, so the seek did not need the whole body first.
    expect(partials).toContain(206);
    await agent.context().close();
    const log = portal.serverLog();
    expect(log).toContain('"url":"/api/resources/upload-video?file_name=tiny-video.webm"');
    expect(keysInLog(log, keys)).toEqual([]);
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`shows the watch dialog with no serious axe violation (${mode})`, async () => {
      const page = await portal.newPage({ bypassCSP: true });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, 'agent@demo.test');
        const dialog = await openWatchDialog(portal, page);
        await dialog.locator('video').evaluate(async (element: HTMLVideoElement) => {
          if (element.readyState < 2)
            await new Promise((done) => element.addEventListener('loadeddata', done, { once: true }));
          element.currentTime = 1.5;
          await new Promise((done) => element.addEventListener('seeked', done, { once: true }));
        });
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `training-video-watch-${mode}`, false);
      } finally {
        await page.context().close();
      }
    });
  }
});
