/**
 * Issue 13 quote documents end to end in Chromium: the demo agent opens the launched (completed)
 * demo application, opens Send / download quote, downloads the market breakdown (read back with
 * pdfjs-dist, page 1 rendered to PNG), trips and clears the e-mail check, e-mails the PDF to the
 * client through an SMTP sink this test runs (SMTP_URL), and finds the send in the notes. No serious
 * axe violation with the dialog open, light and dark. Screenshots: quote-documents/send-quote-*.png.
 * The server's log names none of the session keys used (ADR 748).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailSink, startMailSink } from '../../server/mail/mail-sink.ts';
import { pdfPagesText, renderFirstPage } from '../server/helpers/pdf-text.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, SCREENSHOT_DIR, startPortal } from './harness.ts';
import { keysInLog, storedSessionKey } from './keys-in-server-log.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const SHOTS = join(SCREENSHOT_DIR, 'quote-documents');
const CLIENT = 'client.e2e@example.com';

describe('quote documents in Chromium', () => {
  let sink: MailSink;
  let portal: RunningPortal;
  let applicationId: number;
  /** The session keys of the journey: its API sign-in and each page's. */
  const keys: string[] = [];

  beforeAll(async () => {
    sink = await startMailSink();
    portal = await startPortal({ SMTP_URL: sink.url });
    const key = await portal.sessionKeyOf('agent@demo.test');
    keys.push(key);
    const listing = await portal.post('agent-portal/get-agent-applications-list', { session_key: key });
    applicationId = listing.body.data.applications.data.find(
      (row: { status: string }) => row.status === 'completed',
    ).id;
  });
  afterAll(async () => {
    await portal?.stop();
    await sink?.close();
  });

  async function pageIn(mode: 'light' | 'dark'): Promise<Page> {
    const page = await portal.newPage({ bypassCSP: true, acceptDownloads: true });
    await page.addInitScript(([k, value]) => localStorage.setItem(k, value), [
      COLOR_SCHEME_KEY,
      mode,
    ] as const);
    return page;
  }

  /** Opens the demo application's quotes view and the dialog, waiting for its template to load. */
  async function openDialog(page: Page) {
    await portal.signIn(page, 'agent@demo.test');
    keys.push(await storedSessionKey(page));
    await page.goto(`${portal.baseUrl}/agent-portal/application-details/${applicationId}`);
    await page.getByRole('button', { name: 'Send / download quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send or download quote' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Subject' }).inputValue()).not.toBe('');
    return dialog;
  }

  it('downloads the market breakdown and e-mails it to the client, noted on the application', async () => {
    const page = await pageIn('light');
    try {
      const dialog = await openDialog(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^market-breakdown-RMGA\d{7}\.pdf$/);
      const bytes = readFileSync(await download.path());
      const text = (await pdfPagesText(bytes)).join(' ');
      expect(text).toContain('Market breakdown');
      expect(text).toContain('Maria Alvarez');
      // Issue 40: generated at the agency's time (the demo agency keeps the default zone, New York).
      expect(text).toMatch(/\b(EST|EDT)\b/);
      expect(text).not.toMatch(/\bUTC\b/);
      await renderFirstPage(bytes, join(SHOTS, 'e2e-market-breakdown.png'));
      await dialog.getByText(/^Downloaded market-breakdown-RMGA\d{7}\.pdf\.$/).waitFor();

      const email = dialog.getByRole('textbox', { name: 'Client e-mail' });
      await email.fill('');
      await dialog.getByRole('button', { name: 'Send e-mail' }).click();
      await dialog.getByText("Enter the client's e-mail address.").waitFor();
      await email.fill(CLIENT);
      await dialog.getByText("Enter the client's e-mail address.").waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Send e-mail' }).click();
      await dialog.getByText(`Sent to ${CLIENT}. The send is noted on the application.`).waitFor();
      await portal.screenshot(page, 'quote-documents/send-quote-sent', false);

      const mail = await sink.waitFor((message) => message.envelopeTo.includes(CLIENT), 10_000);
      expect(mail.subject).toContain('1500 Meridian Ave');
      expect(mail.text).toContain('Hello Maria,');
      expect(mail.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
      expect((await pdfPagesText(mail.attachments[0].content)).join(' ')).toContain('Maria Alvarez');

      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByText(`Market breakdown e-mailed to ${CLIENT} by Alex Agent`).waitFor();
    } finally {
      await page.context().close();
    }
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious axe violation with the dialog open (${mode})`, async () => {
      const page = await pageIn(mode);
      try {
        await openDialog(page);
        await portal.screenshot(page, `quote-documents/send-quote-${mode}`, false);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it('leaves no session key in the server log', () => {
    const log = portal.serverLog();
    expect(log).toContain(`"url":"/agent-portal/application-details/${applicationId}"`);
    expect(keys.length).toBe(4);
    expect(keysInLog(log, keys)).toEqual([]);
  });
});
