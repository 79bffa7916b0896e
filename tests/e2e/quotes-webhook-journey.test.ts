/**
 * Customer quotes webhook in Chromium (issue 14): the demo admin saves a webhook URL in the
 * messaging console and sees the signing secret once; with the URL pointing at a local receiver
 * (the server runs with OUTBOUND_ALLOWED_HOSTS=127.0.0.1), "Send test" is delivered signed and shows
 * in the log in green; a receiver answering 500 shows as Failed. axe-core finds no serious
 * violation in the secret dialog or the log, light and dark. Screenshots: quotes-webhook-secret.png,
 * quotes-webhook-log.png, quotes-webhook-log-dark.png (test-results/).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';
import { storedSessionKey } from './keys-in-server-log.ts';

const FLAG = 'OUTBOUND_ALLOWED_HOSTS';
const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('customer quotes webhook in Chromium', () => {
  let portal: RunningPortal;
  let receiver: Server;
  let receiverUrl = '';
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const statuses: number[] = [];
  const flagBefore = process.env[FLAG];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = statuses.shift() ?? 200;
        response.writeHead(status).end(status === 200 ? 'received' : 'receiver down');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/quotes`;
    // The server process inherits the development flag: the receiver is on the loopback.
    process.env[FLAG] = '127.0.0.1';
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    if (flagBefore === undefined) delete process.env[FLAG];
    else process.env[FLAG] = flagBefore;
  });

  it('an admin saves the URL, copies the secret once, sends a test and reads the log', async () => {
    // bypassCSP: axe-core is injected as a script tag (STACK-NOTES, tests only).
    const page = await portal.newPage({ bypassCSP: true });
    await portal.signIn(page, 'admin@demo.test');
    await page.goto(`${portal.baseUrl}/dashboard/portal-settings/messaging-console`);
    await page.getByRole('button', { name: 'Edit webhook URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customer quotes webhook URL' });
    await dialog.getByLabel('Webhook URL').fill('https://hooks.example.test/quotes');
    await dialog.getByRole('button', { name: 'Save webhook' }).click();
    const secret = (await dialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await portal.screenshot(page, 'quotes-webhook-secret');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByText(secret).count()).toBe(0);

    // The receiver is local plain http, which only the development flag allows (the dialog asks
    // for https): the URL is set through the API with the admin's own session.
    const saved = await portal.post('portal-settings/update-webhook', {
      session_key: await storedSessionKey(page),
      customer_quotes_webhook_url: receiverUrl,
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    await page.reload();

    const panel = page.getByRole('region', { name: 'Webhook deliveries' });
    await panel.getByRole('button', { name: 'Send test' }).click();
    await panel
      .getByTestId('webhook-test-outcome')
      .getByText('Test delivered: the receiver answered 200.')
      .waitFor();
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received;
    const [t, v1] = String(headers['x-portal-signature']).split(',');
    const expected = createHmac('sha256', secret)
      .update(`${t.slice(2)}.${body}`)
      .digest('hex');
    expect(v1.slice(3)).toBe(expected);
    expect(JSON.parse(body).event).toBe('test');

    statuses.push(500);
    await panel.getByRole('button', { name: 'Send test' }).click();
    await panel
      .getByTestId('webhook-test-outcome')
      .getByText('Test not delivered: The receiver answered 500.')
      .waitFor();
    const table = panel.getByRole('table', { name: 'Webhook deliveries' });
    await table.getByRole('row').nth(2).waitFor();
    const rows = await table.getByRole('row').allTextContents();
    expect(rows[1]).toContain('Failed');
    expect(rows[1]).toContain('500');
    expect(rows[2]).toContain('Delivered');
    expect(rows[2]).toContain('200');
    await portal.screenshot(page, 'quotes-webhook-log');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The log's colours in the dark scheme too.
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), COLOR_SCHEME_KEY);
    await page.reload();
    await panel.getByRole('table', { name: 'Webhook deliveries' }).getByRole('row').nth(2).waitFor();
    await portal.screenshot(page, 'quotes-webhook-log-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
