/**
 * The outbox in Chromium (issue 43, docs/decisions/763): the demo agency texts through a Twilio
 * account (a local fake) that refuses the agent's text; the demo admin opens the messaging
 * console's Outbox tab, filters the failed messages, sees the text as Failed with the provider's
 * reason, resends it after confirming (the provider now takes it) and sees it Sent after two
 * attempts; the provider got the same text again. axe-core finds no serious violation in the
 * list, the confirmation, the emptied filter and the resent state, light and dark
 * (pageStateViolations). Screenshots: outbox-failed-<mode>, outbox-confirm-<mode>,
 * outbox-empty-<mode>, outbox-sent-<mode> (test-results/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTwilio, startFakeTwilio } from '../server/helpers/fake-twilio-server.ts';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const CLIENT_PHONE = '+13055550161';
const TEXT = 'Your flood quotes are ready: call us back.';

describe('outbox in Chromium', () => {
  let portal: RunningPortal;
  let twilio: FakeTwilio;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    portal = await startPortal({ TWILIO_API_BASE_URL: twilio.url });
  });
  afterAll(async () => {
    await portal?.stop();
    await twilio?.close();
  });

  it('an admin sees a failed text in the outbox and resends it', async () => {
    const saved = await portal.post('portal-settings/update-sms-provider', {
      session_key: await portal.sessionKeyOf('admin@demo.test'),
      sms_provider: { account_sid: ACCOUNT_SID, auth_token: 'journey-token', from_number: '(786) 555-0100' },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    twilio.mode = { kind: 'refuse', status: 400, code: 30003, message: 'Unreachable destination handset.' };
    const refused = await portal.post('texting/send-message', {
      session_key: await portal.sessionKeyOf('agent@demo.test'),
      to: CLIENT_PHONE,
      body: TEXT,
    });
    expect(refused.statusCode).toBe(502);
    twilio.mode = { kind: 'accept' };

    // bypassCSP: axe-core is injected as a script tag (STACK-NOTES, tests only).
    const page = await portal.newPage({ bypassCSP: true });
    await portal.signIn(page, 'admin@demo.test');
    await page.goto(`${portal.baseUrl}/dashboard/portal-settings/messaging-console`);
    await page.getByRole('tab', { name: 'Outbox' }).click();
    const outbox = page.getByRole('region', { name: 'Outbox' });
    await outbox.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    const row = outbox.getByRole('row').filter({ hasText: CLIENT_PHONE });
    await row.waitFor();
    const failedText = (await row.textContent()) ?? '';
    expect(failedText).toContain('Text from the texting console');
    expect(failedText).toContain('Failed');
    expect(failedText).toContain('Unreachable destination handset.');
    const found = await pageStateViolations(portal, page, 'outbox failed', 'outbox-failed', {
      restore: true,
    });

    await row.getByRole('button', { name: `Resend the text to ${CLIENT_PHONE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resend message' });
    await dialog.getByText(TEXT).waitFor();
    found.push(
      ...(await pageStateViolations(portal, page, 'outbox confirm', 'outbox-confirm', { restore: true })),
    );
    const requestsBefore = twilio.requests.length;
    await dialog.getByRole('button', { name: 'Resend now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(twilio.requests.slice(requestsBefore).map((request) => request.form.Body)).toEqual([TEXT]);

    // Sent now: no longer among the failed ones, listed as Sent after two attempts.
    await outbox.getByText('No messages match these filters.').waitFor();
    found.push(
      ...(await pageStateViolations(portal, page, 'outbox none failed', 'outbox-empty', { restore: true })),
    );
    await outbox.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Sent', exact: true }).click();
    const sentRow = outbox.getByRole('row').filter({ hasText: CLIENT_PHONE });
    await sentRow.getByText('2 attempts').waitFor();
    expect(await sentRow.textContent()).toContain('Sent');
    expect(await sentRow.getByRole('button').count()).toBe(0);
    found.push(...(await pageStateViolations(portal, page, 'outbox sent', 'outbox-sent')));
    expect(found).toEqual([]);
    await page.context().close();
  });
});
