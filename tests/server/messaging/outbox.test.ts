/**
 * The outbox of issue 43 through the real API on PGlite (and PostgreSQL with TEST_DATABASE_URL):
 * a send-quote whose mail server refuses leaves a failed e-mail (PDF kept) and no note; its resend
 * fails again while the server still refuses (one more attempt), then, with the company's SMTP
 * removed (the local sink), sends the same subject, text and PDF and marks it sent, audited each
 * time; a sent message is refused 422. A text the provider refuses is a failed SMS, resent once
 * the provider takes it. The list pages and filters; another company's message is 404 to an
 * admin, agents 403, a super-admin resends any company's.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, outboxMessages, textMessages } from '../../../server/db/schema.ts';
import {
  ONLY_FAILED_RESENT,
  OUTBOX_MESSAGE_NOT_FOUND,
  RESEND_FAILED_PREFIX,
} from '../../../server/services/outbox-service.ts';
import { MAIL_FAILED_MESSAGE } from '../../../server/services/quote-documents-service.ts';
import { type FakeTwilio, startFakeTwilio } from '../helpers/fake-twilio-server.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const BASE = 'https://portal.example.test';
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
/** An SMTP host the outbound guard refuses (a loopback address), so every send through it fails. */
const BROKEN_SMTP = {
  host: '127.0.0.1',
  port: 1,
  username: null,
  from_email: 'agency@demo.test',
  from_name: null,
  secure: false,
};

describe.each(DATABASE_KINDS)('outbox on %s', (kind) => {
  let t: TestApp;
  let twilio: FakeTwilio;
  const keys = { agent: '', admin: '', superAdmin: '', otherAdmin: '', otherAgent: '' };
  let companyId = 0;
  let otherCompanyId = 0;
  let applicationId = 0;
  let failedMailId = 0;
  let failedTextId = 0;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await startTestApp(kind, {
      accounts: { publicBaseUrl: BASE, smtpUrl: null, mailSink: true },
      texting: { sink: true, twilioBaseUrl: twilio.url, providerTimeoutMs: 300 },
    });
    [keys.agent, keys.admin, keys.superAdmin, keys.otherAdmin, keys.otherAgent] = await Promise.all(
      [
        'agent@demo.test',
        'admin@demo.test',
        'superadmin@demo.test',
        'otheradmin@demo.test',
        'otheragent@demo.test',
      ].map((email) => t.loginAs(email)),
    );
    companyId = t.seed.companyId as number;
    otherCompanyId = t.seed.otherCompanyId as number;
    applicationId = t.seed.applicationIds?.[1] as number;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });

  const list = (key: string, body: Record<string, unknown> = {}) =>
    t.post('portal-settings/list-outbox', { session_key: key, ...body });
  const resend = (key: string, messageId: number, body: Record<string, unknown> = {}) =>
    t.post('portal-settings/resend-outbox-message', { session_key: key, message_id: messageId, ...body });
  const row = async (id: number) =>
    (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
  const resentAudits = (id: number) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'message.resent'), eq(auditEvents.target_id, String(id))));

  async function withCompanySmtp<T>(smtp: object | null, work: () => Promise<T>): Promise<T> {
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    await t.db
      .update(companies)
      .set({ settings: { ...company.settings, smtp } })
      .where(eq(companies.id, companyId));
    try {
      return await work();
    } finally {
      await t.db.update(companies).set({ settings: company.settings }).where(eq(companies.id, companyId));
    }
  }

  it('keeps a send-quote the mail server refuses as a failed e-mail with its PDF, and no note', async () => {
    const application = await t.post('agent-portal/get-application-by-id', {
      session_key: keys.agent,
      application_id: applicationId,
    });
    const quoteIds = application.body.data.application.quotes.map((quote: { id: number }) => quote.id);
    const notesBefore = application.body.data.application.notes.length;
    const answer = await withCompanySmtp(BROKEN_SMTP, () =>
      t.post('agent-portal/send-quote', {
        session_key: keys.agent,
        application_id: applicationId,
        document: 'market-breakdown',
        quote_ids: quoteIds,
        email: 'outbox.client@example.com',
        subject: 'Your quotes, {{first_name}}',
        message: 'Hello {{first_name}}, the quotes are attached.',
      }),
    );
    expect(answer.statusCode).toBe(502);
    expect(answer.body.message).toBe(MAIL_FAILED_MESSAGE);
    const after = await t.post('agent-portal/get-application-by-id', {
      session_key: keys.agent,
      application_id: applicationId,
    });
    expect(after.body.data.application.notes).toHaveLength(notesBefore);

    const listed = await list(keys.admin, { channel: 'email', status: 'failed' });
    expect(listed.statusCode, listed.body.message).toBe(200);
    const [message] = listed.body.data.messages;
    expect(message).toMatchObject({
      application_id: applicationId,
      channel: 'email',
      template_key: 'quote_email',
      recipient: 'outbox.client@example.com',
      subject: 'Your quotes, Maria',
      body: 'Hello Maria, the quotes are attached.',
      status: 'failed',
      attempts: 1,
      triggered_by_name: 'Alex Agent',
      sent_at: null,
    });
    expect(message.attachment_name).toMatch(/^market-breakdown-RMGA\d{7}\.pdf$/);
    expect(message.error).toBeTruthy();
    failedMailId = message.id;
    expect((await row(failedMailId)).attachment?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('resends a failed e-mail: still failing while the server refuses, then sent with its PDF', async () => {
    const again = await withCompanySmtp(BROKEN_SMTP, () => resend(keys.admin, failedMailId));
    expect(again.statusCode).toBe(502);
    expect(again.body.message.startsWith(RESEND_FAILED_PREFIX)).toBe(true);
    expect(again.body.data.message).toMatchObject({ id: failedMailId, status: 'failed', attempts: 2 });

    const mailsBefore = t.app.mailSink?.messages.length ?? 0;
    const sent = await resend(keys.admin, failedMailId);
    expect(sent.statusCode, sent.body.message).toBe(200);
    expect(sent.body.data.message).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(sent.body.data.message.sent_at).toBeTruthy();
    const mail = await t.app.mailSink?.waitFor((m) => m.envelopeTo.includes('outbox.client@example.com'));
    expect(t.app.mailSink?.messages.length).toBe(mailsBefore + 1);
    expect(mail?.subject).toBe('Your quotes, Maria');
    expect(mail?.text).toContain('Hello Maria, the quotes are attached.');
    expect(mail?.attachments[0].contentType).toBe('application/pdf');
    expect(mail?.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    // Once sent, the PDF is no longer kept.
    expect((await row(failedMailId)).attachment).toBeNull();

    const audits = await resentAudits(failedMailId);
    expect(audits.map((event) => [event.company_id, (event.details as { status: string }).status])).toEqual([
      [companyId, 'failed'],
      [companyId, 'sent'],
    ]);
  });

  it('refuses to resend a message that is not failed, sending nothing', async () => {
    const mailsBefore = t.app.mailSink?.messages.length ?? 0;
    const refused = await resend(keys.admin, failedMailId);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ message: ONLY_FAILED_RESENT, data: null });
    expect(t.app.mailSink?.messages.length).toBe(mailsBefore);
    expect((await row(failedMailId)).attempts).toBe(3);
    expect(await resentAudits(failedMailId)).toHaveLength(2);
  });

  it('keeps a text the provider refuses as a failed SMS and resends it once the provider takes it', async () => {
    const saved = await t.post('portal-settings/update-sms-provider', {
      session_key: keys.otherAdmin,
      sms_provider: { account_sid: ACCOUNT_SID, auth_token: 'other-token', from_number: '(786) 555-0100' },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    twilio.mode = { kind: 'refuse', status: 400, code: 30003, message: 'Unreachable destination handset.' };
    const refused = await t.post('texting/send-message', {
      session_key: keys.otherAgent,
      to: '+13055550199',
      body: 'Your quotes are ready.',
    });
    expect(refused.statusCode).toBe(502);

    const listed = await list(keys.otherAdmin, { channel: 'sms' });
    expect(listed.body.data.total).toBe(1);
    const [message] = listed.body.data.messages;
    expect(message).toMatchObject({
      channel: 'sms',
      template_key: 'texting_console',
      recipient: '+13055550199',
      subject: null,
      body: 'Your quotes are ready.',
      status: 'failed',
      error: refused.body.message,
      attempts: 1,
    });
    failedTextId = message.id;

    twilio.mode = { kind: 'accept' };
    const requestsBefore = twilio.requests.length;
    const sent = await resend(keys.otherAdmin, failedTextId);
    expect(sent.statusCode, sent.body.message).toBe(200);
    expect(sent.body.data.message).toMatchObject({ status: 'sent', attempts: 2 });
    expect(twilio.requests.slice(requestsBefore).map((request) => request.form.Body)).toEqual([
      'Your quotes are ready.',
    ]);
    // The resent text shows in the client's conversation, as the console's texts do.
    const texts = await t.db.select().from(textMessages).where(eq(textMessages.company_id, otherCompanyId));
    expect(texts.filter((text) => text.body === 'Your quotes are ready.').map((text) => text.status)).toEqual(
      ['failed', 'queued'],
    );
  });

  it("pages and filters the company's messages only", async () => {
    const all = await list(keys.admin, { per_page: 100 });
    expect(all.body.data.messages.every((m: { id: number }) => m.id !== failedTextId)).toBe(true);
    const byApplication = await list(keys.admin, {
      application_id: applicationId,
      template_key: 'quote_email',
    });
    expect(byApplication.body.data.messages.map((m: { id: number }) => m.id)).toContain(failedMailId);
    const failedOnly = await list(keys.admin, { status: 'failed' });
    expect(failedOnly.body.data.messages.map((m: { id: number }) => m.id)).not.toContain(failedMailId);
    const paged = await list(keys.superAdmin, { company_id: otherCompanyId, per_page: 1, page: 1 });
    expect(paged.body.data).toMatchObject({ page: 1, per_page: 1, total: 1 });
    expect(paged.body.data.messages[0].id).toBe(failedTextId);
    const badFilter = await list(keys.admin, { channel: 'fax' });
    expect(badFilter.statusCode).toBe(400);
  });

  it("answers another company's message as not found, refuses agents, lets a super-admin resend any", async () => {
    await t.db
      .update(outboxMessages)
      .set({ status: 'failed', sent_at: null })
      .where(eq(outboxMessages.id, failedTextId));
    const foreign = await resend(keys.admin, failedTextId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toMatchObject({ message: OUTBOX_MESSAGE_NOT_FOUND, data: null });
    const namedCompany = await resend(keys.admin, failedTextId, { company_id: otherCompanyId });
    expect(namedCompany.statusCode).toBe(404);
    expect((await resend(keys.otherAgent, failedTextId)).statusCode).toBe(403);
    expect((await list(keys.agent)).statusCode).toBe(403);
    expect((await row(failedTextId)).attempts).toBe(2);

    const bySuperAdmin = await resend(keys.superAdmin, failedTextId, { company_id: otherCompanyId });
    expect(bySuperAdmin.statusCode, bySuperAdmin.body.message).toBe(200);
    expect(bySuperAdmin.body.data.message).toMatchObject({ status: 'sent', attempts: 3 });
  });
});
