/**
 * Issue 14 texting end to end in Chromium: the demo agent opens Texting from the navigation (empty
 * console, live stream); an inbound SMS from the client of a demo application, posted to the
 * webhook with a valid Twilio signature, shows up in the list with an unread badge without a
 * reload; the agent opens it (linked to the client's application) and answers; the answer shows as
 * sent and is in the SMS sink's file. No serious axe violation, light and dark. Screenshots under
 * test-results/ (texto-empty, texto-live-<mode>).
 * The whole issue 14 journey last: the demo admin writes an e-mail and an SMS template and picks
 * them for "when quoting completes"; the demo agent creates, fills and launches an application;
 * once its quotes complete, the client's e-mail is in the SMTP sink (this test's own, the server's
 * SMTP_URL) and the SMS in the SMS sink, both rendered; the client answers by SMS and the agent
 * replies with the template from the texting console. Screenshots (test-results/):
 * journey-templates, journey-auto-send, journey-quotes, journey-texto-reply.
 * Both event streams (texting, live quotes) open with the session cookie, and the server's log
 * names no session key (ADR 748).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../schemas/schema-set.ts';
import { type MailSink, startMailSink } from '../../server/mail/mail-sink.ts';
import { twilioSignature } from '../../server/messaging/sms/twilio-signature.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { fillCell, fillNewApplicationDialog, launchAndFill } from './fill-application-form.ts';
import { DEMO_PASSWORD, type RunningPortal, startPortal } from './harness.ts';
import { keysInLog, storedSessionKey } from './keys-in-server-log.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const SINK_TOKEN = 'e2e-sink-token';

describe('texting console in Chromium', () => {
  let portal: RunningPortal;
  let mailSink: MailSink;
  let sinkFile: string;
  let companyId: number;
  let sid = 0;
  /** The session keys the journey's pages held. */
  const keys: string[] = [];

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
    mailSink = await startMailSink();
    portal = await startPortal({
      SMS_SINK: 'on',
      SMS_SINK_FILE: sinkFile,
      SMS_SINK_AUTH_TOKEN: SINK_TOKEN,
      SMTP_URL: mailSink.url,
    });
    const login = await portal.post('auth/login', { email: 'agent@demo.test', password: DEMO_PASSWORD });
    companyId = login.body.data.user.mga_company.id;
  });
  afterAll(async () => {
    await portal?.stop();
    await mailSink?.close();
  });

  /** The SMS sink's messages so far. */
  const smsSent = (): { to: string; body: string }[] =>
    readFileSync(sinkFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('shows an inbound SMS live; the agent answers it and the sink has the answer', async () => {
    const page = await pageIn('light');
    await portal.signIn(page, 'agent@demo.test');
    keys.push(await storedSessionKey(page));
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Texting' })
      .click();
    await page.getByRole('heading', { name: 'Texting' }).waitFor();
    await page.getByText('No conversations yet.').waitFor();
    // The stream opened with the session cookie alone (ADR 748).
    await page.getByText('Live', { exact: true }).waitFor();
    await portal.screenshot(page, 'texto-empty', false);

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
    expect(smsSent()).toEqual([
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
        await portal.screenshot(page, `texto-live-${mode}`, false);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }
  it('an admin sets templates, an agent launches, the client gets the e-mail and SMS, and the agent answers the reply', async () => {
    const admin = await portal.newPage();
    try {
      await portal.signIn(admin, 'admin@demo.test');
      keys.push(await storedSessionKey(admin));
      await admin.goto(`${portal.baseUrl}/dashboard/portal-settings/messaging-console`);
      await admin.getByRole('button', { name: 'Manage email templates' }).click();
      const email = admin.getByRole('dialog', { name: 'Email templates' });
      await email.getByLabel('Template name').fill('Quotes ready');
      await email.getByLabel('Subject').fill('Your flood quotes, {{first_name}}');
      await email
        .getByLabel('Body')
        .fill('Hi {{first_name}}, quotes for {{address}} start at {{min_quote_amount}}. {{agent_name}}');
      await email.getByRole('button', { name: 'Add template' }).click();
      await email.getByRole('button', { name: 'Edit Quotes ready' }).waitFor();
      await portal.screenshot(admin, 'journey-templates', false);
      await admin.getByRole('button', { name: 'Close email templates' }).click();
      await admin.getByRole('button', { name: 'Manage SMS templates' }).click();
      const sms = admin.getByRole('dialog', { name: 'SMS templates' });
      await sms.getByLabel('Template name').fill('Quotes ready SMS');
      await sms
        .getByLabel('Body')
        .fill('Hi {{first_name}}, your flood quotes start at {{min_quote_amount}}.');
      await sms.getByRole('button', { name: 'Add template' }).click();
      await sms.getByRole('button', { name: 'Edit Quotes ready SMS' }).waitFor();
      await admin.getByRole('button', { name: 'Close sms templates' }).click();

      await admin.getByRole('button', { name: 'Edit automatic messages' }).click();
      const autoSend = admin.getByRole('dialog', { name: 'Automatic messages' });
      await autoSend.getByLabel('When quoting completes: email template', { exact: true }).click();
      await admin.getByRole('option', { name: 'Quotes ready', exact: true }).click();
      await autoSend.getByLabel('When quoting completes: SMS template', { exact: true }).click();
      await admin.getByRole('option', { name: 'Quotes ready SMS', exact: true }).click();
      // The journey runs at any hour: the agency sends outside working hours too.
      await autoSend.getByRole('switch', { name: 'Only during working hours' }).uncheck();
      await portal.screenshot(admin, 'journey-auto-send', false);
      await autoSend.getByRole('button', { name: 'Save automatic messages' }).click();
      await autoSend.waitFor({ state: 'hidden' });
    } finally {
      await admin.context().close();
    }

    const page = await portal.newPage();
    try {
      await portal.signIn(page, 'agent@demo.test');
      keys.push(await storedSessionKey(page));
      await page.goto(`${portal.baseUrl}/agent-portal`);
      await page.getByRole('button', { name: 'New application' }).first().click();
      const dialog = await fillNewApplicationDialog(page, {
        zip: '33139',
        city: 'Miami Beach',
        address1: String(examples.primary.address1),
      });
      await dialog.getByRole('button', { name: 'Create application' }).click();
      await page.waitForURL(/\/agent-portal\/application-details\/\d+/);
      await page.locator('[data-field]').first().waitFor();
      // The client's name, e-mail and phone are optional for a launch: the agent types them.
      for (const field of ['first_name', 'last_name', 'email', 'phone'])
        await fillCell(page, page.locator(`[data-field="${field}"]`), field, examples.primary);
      await launchAndFill({ page, portal, example: examples.primary }).catch(async (error) => {
        await portal.screenshot(page, 'journey-launch-failure', false);
        throw error;
      });

      // Quoting completes: the client's e-mail and SMS, rendered, are in the sinks.
      const mail = await mailSink.waitFor((m) => m.envelopeTo.includes('maria.alvarez@mail.test'), 120_000);
      expect(mail.subject).toBe('Your flood quotes, Maria');
      expect(mail.text).toMatch(/^Hi Maria, quotes for .*33139 start at \$[\d,]+\.\d\d\. Alex Agent/);
      await expect
        .poll(
          () => smsSent().filter((m) => m.body.startsWith('Hi Maria, your flood quotes start at $')).length,
          {
            timeout: 30_000,
          },
        )
        .toBe(1);
      expect(smsSent().at(-1)?.to).toBe('+13055550142');
      // Each send left its orange note on the application.
      await page.reload();
      await page.getByText('Quotes e-mail sent to maria.alvarez@mail.test.').waitFor();
      await page.getByText(/^Quotes text message sent to/).waitFor();
      await portal.screenshot(page, 'journey-quotes');

      // The client answers by SMS; the agent replies from the texting console with the template.
      await page.goto(`${portal.baseUrl}/dashboard/texto`);
      await inbound('+13055550142', 'Thanks! Can we go with the cheapest one?');
      await page.getByRole('button', { name: /Maria Alvarez/ }).click();
      const thread = page.getByRole('region', { name: 'Conversation', exact: true });
      await thread.getByText('Thanks! Can we go with the cheapest one?').waitFor({ timeout: 10_000 });
      await thread
        .getByText(/^Hi Maria, your flood quotes start at/)
        .first()
        .waitFor();
      await thread.getByLabel('Template', { exact: true }).click();
      await page.getByRole('option', { name: 'Quotes ready SMS', exact: true }).click();
      await thread.getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(
          () => smsSent().filter((m) => m.body.startsWith('Hi Maria, your flood quotes start at $')).length,
        )
        .toBe(2);
      const answers = thread
        .getByLabel('Sent message')
        .filter({ hasText: 'Hi Maria, your flood quotes start at' });
      await expect.poll(() => answers.count()).toBe(2);
      await answers.last().getByText('Sent', { exact: true }).waitFor();
      await portal.screenshot(page, 'journey-texto-reply', false);
    } finally {
      await page.context().close();
    }
  }, 300_000);

  it('leaves no session key in the server log, though both event streams were open', () => {
    const log = portal.serverLog();
    expect(log).toContain('"url":"/api/texting/events"');
    expect(keys.length).toBe(3);
    expect(keysInLog(log, keys)).toEqual([]);
  });
});
