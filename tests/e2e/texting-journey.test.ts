/**
 * Issue 14 texting end to end in Chromium: the demo agent opens Texting from the navigation (empty
 * console, live stream); an inbound SMS from the client of a demo application, posted to the
 * webhook with a valid Twilio signature, shows up in the list with an unread badge without a
 * reload; the agent opens it (linked to the client's application) and answers; the answer shows as
 * sent and is in the SMS sink's file. No serious axe violation, light and dark. Screenshots under
 * /tmp/texting-shots/ (texto-empty, texto-live-<mode>).
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../../server/messaging/sms/twilio-signature.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { DEMO_PASSWORD, type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const SINK_TOKEN = 'e2e-sink-token';
const SHOTS = '/tmp/texting-shots';

describe('texting console in Chromium', () => {
  let portal: RunningPortal;
  let sinkFile: string;
  let companyId: number;
  let sid = 0;

  /** Posts an inbound SMS as Twilio would, signed for the URL the server knows itself by. */
  async function inbound(from: string, body: string) {
    const path = `/api/texting/inbound/${companyId}`;
    const publicUrl = `http://localhost:${new URL(portal.baseUrl).port}${path}`;
    const params = { From: from, To: '+15005550006', Body: body, MessageSid: `SMe2e${++sid}` };
    const response = await fetch(`${portal.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(SINK_TOKEN, publicUrl, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(response.status).toBe(200);
  }

  async function pageIn(mode: 'light' | 'dark', options = {}): Promise<Page> {
    const page = await portal.newPage(options);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      COLOR_SCHEME_KEY,
      mode,
    ] as const);
    return page;
  }

  beforeAll(async () => {
    sinkFile = join(mkdtempSync(join(tmpdir(), 'texting-e2e-')), 'sms-sink.jsonl');
    mkdirSync(SHOTS, { recursive: true });
    portal = await startPortal({ SMS_SINK: 'on', SMS_SINK_FILE: sinkFile, SMS_SINK_AUTH_TOKEN: SINK_TOKEN });
    const login = await fetch(`${portal.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agent@demo.test', password: DEMO_PASSWORD }),
    }).then((response) => response.json());
    companyId = login.data.user.mga_company.id;
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('shows an inbound SMS live; the agent answers it and the sink has the answer', async () => {
    const page = await pageIn('light');
    await portal.signIn(page, 'agent@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Texting' })
      .click();
    await page.getByRole('heading', { name: 'Texting' }).waitFor();
    await page.getByText('No conversations yet.').waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'texto-empty.png') });

    await inbound('+13055550142', 'Hi, is my flood quote ready?');
    const row = page.getByRole('button', { name: /Maria Alvarez/ });
    await row.waitFor({ timeout: 10_000 });
    await row.getByText('unread').waitFor();
    await row.click();
    const thread = page.getByRole('region', { name: 'Conversation', exact: true });
    await thread.getByRole('heading', { name: 'Maria Alvarez' }).waitFor();
    await thread.getByRole('link', { name: /^Application RMGA\d{7}$/ }).waitFor();
    await thread.getByText('Hi, is my flood quote ready?').waitFor();
    await expect.poll(() => row.getByText('unread').count()).toBe(0);

    await thread
      .getByRole('textbox', { name: 'Message' })
      .fill('Yes Maria, three quotes are in. Calling you now.');
    await thread.getByRole('button', { name: 'Send' }).click();
    const sent = thread.getByLabel('Sent message').filter({ hasText: 'three quotes are in' });
    await sent.getByText('Sent', { exact: true }).waitFor();
    const sink = readFileSync(sinkFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(sink).toEqual([
      expect.objectContaining({
        to: '+13055550142',
        body: 'Yes Maria, three quotes are in. Calling you now.',
      }),
    ]);

    // A second inbound message arrives in the open thread without a reload.
    await inbound('+13055550142', 'Great, thank you!');
    await thread.getByText('Great, thank you!').waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious axe violation with a thread open (${mode})`, async () => {
      const page = await pageIn(mode, { bypassCSP: true });
      try {
        await portal.signIn(page, 'agent@demo.test');
        await page.goto(`${portal.baseUrl}/dashboard/texto`);
        await page.getByRole('button', { name: /Maria Alvarez/ }).click();
        await page
          .getByRole('region', { name: 'Conversation', exact: true })
          .getByText('Great, thank you!')
          .waitFor();
        await page.screenshot({ path: join(SHOTS, `texto-live-${mode}.png`) });
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
});
