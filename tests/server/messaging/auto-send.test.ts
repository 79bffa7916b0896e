/**
 * Automatic messages (issue 14) on PGlite and PostgreSQL, through the local mail and SMS sinks:
 * a completed application gets exactly one e-mail and one SMS rendered from the `complete`
 * templates and two orange notes, and its follow-up is skipped; a launch still not complete gets
 * the follow-up (yellow notes) after `after_minutes`, halved by quote rush; failures give the
 * failure notes; outside working hours (a fixed clock) the job waits for the next opening; a
 * retried or re-claimed job never sends twice; the settings refuse unknown templates and forget
 * deleted ones; a client who is a portal user gets only the channels their notification settings
 * allow (issue 20). Each message tried is in the outbox with its outcome (issue 43).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../../engine/types.ts';
import { examples, placeholders } from '../../../schemas/schema-set.ts';
import { applications, type JobRow, jobs, notes, outboxMessages, users } from '../../../server/db/schema.ts';
import { messagingJobHandlers } from '../../../server/jobs/job-kinds.ts';
import { createJobWorker } from '../../../server/jobs/job-worker.ts';
import { RetryLater } from '../../../server/jobs/retry-later.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { INTERRUPTED_SEND_MESSAGE } from '../../../server/messaging/interrupted-send.ts';
import { textingConfigFromEnv } from '../../../server/messaging/sms/texting-config.ts';
import { noteColor } from '../../../server/notes/note-color.ts';
import { claimJobs, setJobProgress } from '../../../server/repositories/jobs-repository.ts';
import { AUTO_SEND_KIND, autoSendJob, enqueueAutoSend } from '../../../server/services/auto-send-job.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const BASE = 'https://portal.example.com';
const CLIENT_EMAIL = 'maria.alvarez@mail.test';
const CLIENT_PHONE = '+13055550142';
/** Saturday 2026-11-21 10:00 in New York (EST), and the next opening: Monday 09:00. */
const SATURDAY_MORNING = new Date('2026-11-21T15:00:00Z');
const MONDAY_OPENING = new Date('2026-11-23T14:00:00Z');

describe.each(DATABASE_KINDS)('automatic messages on %s', (kind) => {
  let t: TestApp;
  let adminKey = '';
  let agentKey = '';
  let street = 200;
  const ids = { completeEmail: 0, completeSms: 0, timeoutEmail: 0, timeoutSms: 0 };

  beforeAll(async () => {
    t = await startTestApp(kind, { accounts: { publicBaseUrl: BASE } });
    adminKey = await t.loginAs('admin@demo.test');
    agentKey = await t.loginAs('agent@demo.test');
    const add = async (section: string, item: Record<string, string>) => {
      const created = await t.post(`portal-settings/${section}/create`, { session_key: adminKey, item });
      expect(created.statusCode, created.body.message).toBe(200);
      return created.body.data.settings[section.replace('-', '_')].at(-1).id as number;
    };
    ids.completeEmail = await add('email-templates', {
      name: 'Quotes ready',
      subject: 'Your flood quotes, {{first_name}}',
      body: 'Hi {{first_name}}, the lowest premium for {{address}} is {{min_quote_amount}}: {{quote_link}}',
    });
    ids.completeSms = await add('sms-templates', {
      name: 'Quotes ready',
      body: '{{company_name}}: quotes for {{address}} from {{min_quote_amount}}.',
    });
    ids.timeoutEmail = await add('email-templates', {
      name: 'Still working',
      subject: 'Still quoting, {{first_name}}',
      body: '{% if min_quote_amount != "" %}So far from {{min_quote_amount}}.{% else %}No quote yet.{% endif %}',
    });
    ids.timeoutSms = await add('sms-templates', { name: 'Still working', body: '{{agent_name}} is on it.' });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const setAutoSend = (autoSend: Record<string, unknown>) =>
    t.post('portal-settings/update-auto-send', { session_key: adminKey, auto_send: autoSend });
  const bothChannels = (email: number, sms: number) => ({ email_template_id: email, sms_template_id: sms });
  const none = { email_template_id: null, sms_template_id: null };

  /** A worker of the auto-send kind over the test app's sinks, with the given clock. */
  const workerAt = (now?: () => Date, textingOverrides: { sink?: boolean } = {}) =>
    createJobWorker(t.db, {
      handlers: messagingJobHandlers({
        mailer: createMailer({ sinkUrl: t.app.mailSink?.url ?? null }),
        texting: {
          config: { ...textingConfigFromEnv(), ...textingOverrides },
          publicBaseUrl: BASE,
          sink: t.app.smsSink,
        },
        now,
      }),
    });

  /** Creates and launches an application (its quotes not run yet); returns its id. */
  async function launchedApplication(details: Partial<Doc> = {}): Promise<number> {
    street += 1;
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: {
        searched_address: `${street} Auto Rd, Miami Beach, FL 33139`,
        address1: `${street} Auto Rd`,
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const id = created.body.data.application.id;
    const launched = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: id,
      address_details: { ...structuredClone(examples.primary as Doc), ...details },
    });
    expect(launched.statusCode, launched.body.message).toBe(200);
    return id;
  }

  const appRow = async (id: number) =>
    (await t.db.select().from(applications).where(eq(applications.id, id)))[0];
  const jobsOf = async (id: number, event: string): Promise<JobRow[]> =>
    (await t.db.select().from(jobs).where(eq(jobs.kind, AUTO_SEND_KIND))).filter(
      (job) =>
        (job.payload as { application_id: number }).application_id === id &&
        (job.payload as { event: string }).event === event,
    );
  const autoNotesOf = async (id: number) =>
    (await t.db.select().from(notes).where(eq(notes.application_id, id)))
      .map((note) => note.payload)
      .filter(
        (payload) => !payload.sent_by.startsWith('auto_launch') && payload.sent_by !== 'auto_quote_timeout',
      );
  /** Makes a queued job due now, as if its time had come. */
  const makeDue = (jobId: number) =>
    t.db
      .update(jobs)
      .set({ run_after: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
  const outboxOf = (id: number) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.application_id, id))
      .orderBy(outboxMessages.id);
  const mailsTo = (address: string) =>
    (t.app.mailSink?.messages ?? []).filter((mail) => mail.envelopeTo.includes(address));
  const textsTo = (phone: string) => t.app.smsSink.messages.filter((sms) => sms.to === phone);

  it('refuses templates that are not the company’s and forgets a deleted one', async () => {
    const unknown = await setAutoSend({
      working_hours_only: false,
      complete: bothChannels(999_999, ids.completeSms),
      timeout: { ...none, after_minutes: 60 },
    });
    expect([unknown.statusCode, unknown.body.message]).toEqual([422, 'Choose one of the email templates.']);
    expect(unknown.body.error_obj).toEqual({
      'auto_send.complete.email_template_id': 'Choose one of the email templates.',
    });
    const tooSoon = await setAutoSend({
      working_hours_only: false,
      complete: none,
      timeout: { ...none, after_minutes: 1 },
    });
    expect(tooSoon.statusCode).toBe(400);

    const spare = await t.post('portal-settings/sms-templates/create', {
      session_key: adminKey,
      item: { name: 'Spare', body: 'Hi' },
    });
    const spareId = spare.body.data.settings.sms_templates.at(-1).id;
    const saved = await setAutoSend({
      working_hours_only: true,
      complete: bothChannels(ids.completeEmail, spareId),
      timeout: { ...none, after_minutes: 60 },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    expect(saved.body.data.settings.auto_send.complete).toEqual(bothChannels(ids.completeEmail, spareId));
    const removed = await t.post('portal-settings/sms-templates/delete', {
      session_key: adminKey,
      item_id: spareId,
    });
    expect(removed.body.data.settings.auto_send.complete).toEqual({
      email_template_id: ids.completeEmail,
      sms_template_id: null,
    });
  });

  it('a completed application sends one e-mail and one SMS, with orange notes; its follow-up is skipped', async () => {
    const saved = await setAutoSend({
      working_hours_only: false,
      complete: bothChannels(ids.completeEmail, ids.completeSms),
      timeout: { ...bothChannels(ids.timeoutEmail, ids.timeoutSms), after_minutes: 60 },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const mailsBefore = mailsTo(CLIENT_EMAIL).length;
    const textsBefore = textsTo(CLIENT_PHONE).length;
    const id = await launchedApplication();
    const launchedAt = (await appRow(id)).launched_at as Date;
    const [followUp] = await jobsOf(id, 'timeout');
    expect(followUp.run_after.getTime()).toBe(launchedAt.getTime() + 60 * 60_000);
    await t.app.quoteWorker.drain();
    const row = await appRow(id);
    expect(row.status).toBe('completed');
    const [complete] = await jobsOf(id, 'complete');
    expect(complete.status).toBe('queued');

    expect(await workerAt().drain()).toBe(1);
    const mails = mailsTo(CLIENT_EMAIL).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your flood quotes, Maria');
    const premium = (row.min_quote_amount as number).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    // The client has no customer account: the link is a signed quote view that opens this application.
    const [text, link] = (mails[0].text?.trim() ?? '').split(`${premium}: `);
    expect(text).toBe(`Hi Maria, the lowest premium for ${row.searched_address} is `);
    expect(link.startsWith(`${BASE}/quote-view?token=`)).toBe(true);
    const quoteView = await t.post('customer-portal/quote-view', {
      token: new URL(link).searchParams.get('token'),
    });
    expect([quoteView.statusCode, quoteView.body.data.application.id]).toEqual([200, id]);
    const texts = textsTo(CLIENT_PHONE).slice(textsBefore);
    expect(texts.map((sms) => sms.body)).toEqual([
      `Demo Agency: quotes for ${row.searched_address} from ${premium}.`,
    ]);

    const written = await autoNotesOf(id);
    expect(written.map((note) => [note.sent_by, note.status, noteColor(note)])).toEqual([
      ['status_changed_complete_job_email', 'sent', 'orange'],
      ['auto_sent_quote_complete', 'sent', 'orange'],
    ]);
    expect(written[0].message).toBe(`Quotes e-mail sent to ${CLIENT_EMAIL}.`);
    // Both messages are in the outbox as sent, automatic (issue 43).
    expect(
      (await outboxOf(id)).map((m) => [m.channel, m.template_key, m.recipient, m.status, m.triggered_by]),
    ).toEqual([
      ['email', 'status_changed_complete_job_email', CLIENT_EMAIL, 'sent', null],
      ['sms', 'auto_sent_quote_complete', CLIENT_PHONE, 'sent', null],
    ]);
    expect((await outboxOf(id))[0].subject).toBe('Your flood quotes, Maria');
    const view = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: id,
    });
    const shown = view.body.data.application.notes.filter((note: { payload: { sent_by: string } }) =>
      ['status_changed_complete_job_email', 'auto_sent_quote_complete'].includes(note.payload.sent_by),
    );
    expect(shown.map((note: { color: string }) => note.color)).toEqual(['orange', 'orange']);
    // The quote short codes of the completed application: carriers and premiums, cheapest first.
    const quoted = (view.body.data.application.quotes as { display_name: string; premium: number | null }[])
      .filter((quote) => quote.premium !== null)
      .sort((a, b) => (a.premium as number) - (b.premium as number));
    expect(quoted.length).toBeGreaterThan(1);
    const codes = await t.post('portal-settings/preview-template', {
      session_key: adminKey,
      kind: 'email',
      subject: '{{carriers_quoted}}',
      body: '{{agent_name}} {{agent_phone}}\n{{quotes_table}}',
      application_id: id,
    });
    expect(codes.statusCode, codes.body.message).toBe(200);
    const money = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    expect(codes.body.data.preview).toEqual({
      subject: quoted.map((quote) => quote.display_name).join(', '),
      body: [
        'Alex Agent (305) 555-0142',
        ...quoted.map((q) => `${q.display_name}: ${money(q.premium as number)} a year`),
      ].join('\n'),
      sample: false,
    });
    // The SMS shows in the client's conversation of the texting console, linked to the application.
    const conversations = await t.post('texting/list-conversations', { session_key: agentKey });
    expect(
      conversations.body.data.conversations.some(
        (c: { client_phone: string; application_id: number }) => c.client_phone === CLIENT_PHONE,
      ),
    ).toBe(true);

    // The follow-up, due now, finds the quoting complete and sends nothing.
    await makeDue(followUp.id);
    expect(await workerAt().drain()).toBe(1);
    const [skipped] = await jobsOf(id, 'timeout');
    expect(skipped.result).toEqual({ skipped: 'The quoting completed before the follow-up.' });
    expect(mailsTo(CLIENT_EMAIL).length - mailsBefore).toBe(1);
    expect(await autoNotesOf(id)).toHaveLength(2);
  });

  it('a client who is a portal user gets only the channels their notification settings allow; each one off leaves a plain note', async () => {
    const saved = await setAutoSend({
      working_hours_only: false,
      complete: bothChannels(ids.completeEmail, ids.completeSms),
      timeout: { ...bothChannels(ids.timeoutEmail, ids.timeoutSms), after_minutes: 60 },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const customerKey = await t.loginAs('customer@demo.test');
    const [customer] = await t.db.select().from(users).where(eq(users.email, 'customer@demo.test'));
    /** Launches an application of the customer as client with their `settings`; what it sent. */
    const sentWith = async (settings: Record<string, boolean> | null) => {
      if (settings) {
        const stored = await t.post('profile/update-settings', {
          session_key: customerKey,
          user_settings: settings,
        });
        expect(stored.statusCode, stored.body.message).toBe(200);
      }
      const mails = mailsTo(CLIENT_EMAIL).length;
      const texts = textsTo(CLIENT_PHONE).length;
      const id = await launchedApplication();
      await t.db.update(applications).set({ client_user_id: customer.id }).where(eq(applications.id, id));
      await t.app.quoteWorker.drain();
      expect(await workerAt().drain()).toBe(1);
      const [job] = await jobsOf(id, 'complete');
      return {
        result: job.result,
        mails: mailsTo(CLIENT_EMAIL).length - mails,
        texts: textsTo(CLIENT_PHONE).length - texts,
        notes: (await autoNotesOf(id)).map((note) => [note.status, note.is_alert, note.message]),
      };
    };
    const premiumText = expect.stringMatching(/ sent to /);
    // Never saved: the defaults, e-mail on and SMS off.
    expect(await sentWith(null)).toEqual({
      result: { email: 'sent', sms: 'off' },
      mails: 1,
      texts: 0,
      notes: [
        ['sent', true, premiumText],
        ['not_sent', false, 'Quotes text message not sent: the client turned off SMS notifications.'],
      ],
    });
    expect(await sentWith({ email_notifications: false, sms_notifications: true })).toEqual({
      result: { email: 'off', sms: 'sent' },
      mails: 0,
      texts: 1,
      notes: [
        ['not_sent', false, 'Quotes e-mail not sent: the client turned off e-mail notifications.'],
        ['sent', true, premiumText],
      ],
    });
    expect(await sentWith({ email_notifications: true, sms_notifications: true })).toMatchObject({
      result: { email: 'sent', sms: 'sent' },
      mails: 1,
      texts: 1,
    });
  });

  it('a retried or re-queued job never sends twice; a send a crash interrupted is not repeated', async () => {
    const id = await launchedApplication();
    await t.app.quoteWorker.drain();
    const row = await appRow(id);
    const [job] = await jobsOf(id, 'complete');
    // A second enqueue of the same completion returns the same job.
    expect((await enqueueAutoSend(t.db, row, 'complete'))?.id).toBe(job.id);

    // A worker claims the job, records the e-mail as being sent, and dies before its outcome.
    const [claimed] = await claimJobs(t.db, 'dead-worker', [AUTO_SEND_KIND], 10, 1);
    expect(claimed.id).toBe(job.id);
    expect(await setJobProgress(t.db, job.id, 'dead-worker', { email: 'sending' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const mailsBefore = mailsTo(CLIENT_EMAIL).length;
    const textsBefore = textsTo(CLIENT_PHONE).length;
    expect(await workerAt().drain()).toBe(1);
    expect(mailsTo(CLIENT_EMAIL).length).toBe(mailsBefore);
    expect(textsTo(CLIENT_PHONE).length).toBe(textsBefore + 1);
    const written = await autoNotesOf(id);
    expect(written.map((note) => [note.sent_by, note.status, note.message])).toEqual([
      ['status_changed_complete_job_email', 'failed', INTERRUPTED_SEND_MESSAGE],
      ['auto_sent_quote_complete', 'sent', `Quotes text message sent to ${CLIENT_PHONE}.`],
    ]);

    // The finished job queued again (a retry) sends nothing and notes nothing.
    await t.db
      .update(jobs)
      .set({ status: 'queued', run_after: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    expect(await workerAt().drain()).toBe(1);
    expect(mailsTo(CLIENT_EMAIL).length).toBe(mailsBefore);
    expect(textsTo(CLIENT_PHONE).length).toBe(textsBefore + 1);
    expect(await autoNotesOf(id)).toHaveLength(2);
  });

  it('a launch still not complete gets the follow-up (yellow); quote rush halves the wait', async () => {
    const rush = await t.post('portal-settings/update-quote-rush', {
      session_key: adminKey,
      quote_rush: { enabled: true, message: 'Busy season' },
    });
    expect(rush.statusCode).toBe(200);
    const id = await launchedApplication();
    const launchedAt = (await appRow(id)).launched_at as Date;
    const [followUp] = await jobsOf(id, 'timeout');
    expect(followUp.run_after.getTime()).toBe(launchedAt.getTime() + 30 * 60_000);
    await t.post('portal-settings/update-quote-rush', {
      session_key: adminKey,
      quote_rush: { enabled: false, message: '' },
    });

    const mailsBefore = mailsTo(CLIENT_EMAIL).length;
    await makeDue(followUp.id);
    expect(await workerAt().drain()).toBe(1);
    const mails = mailsTo(CLIENT_EMAIL).slice(mailsBefore);
    expect(mails.map((mail) => [mail.subject, mail.text?.trim()])).toEqual([
      ['Still quoting, Maria', 'No quote yet.'],
    ]);
    expect(textsTo(CLIENT_PHONE).at(-1)?.body).toBe('Alex Agent is on it.');
    const written = await autoNotesOf(id);
    expect(written.map((note) => [note.sent_by, note.status, noteColor(note)])).toEqual([
      ['timeout_job_email', 'sent', 'yellow'],
      ['timeout_job_sms', 'sent', 'yellow'],
    ]);
  });

  it('a completed launch still waiting on a manual carrier gets the follow-up; once it answered, none (ADR 760)', async () => {
    const saved = await setAutoSend({
      working_hours_only: false,
      complete: none,
      timeout: { ...bothChannels(ids.timeoutEmail, ids.timeoutSms), after_minutes: 60 },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const askManual = async (id: number) => {
      const asked = await t.post('agent-portal/launch-application-manual-carriers', {
        session_key: agentKey,
        application_id: id,
        manual_carrier_names_list: ['msi'],
      });
      expect(asked.statusCode, asked.body.message).toBe(200);
      return asked.body.data.application.quotes.find((q: { source: string }) => q.source === 'manual')
        .id as number;
    };
    // Both launches complete (every automatic carrier answered) and ask MSI, a manual carrier.
    const waiting = await launchedApplication();
    const answered = await launchedApplication();
    await t.app.quoteWorker.drain();
    expect([(await appRow(waiting)).status, (await appRow(answered)).status]).toEqual([
      'completed',
      'completed',
    ]);
    await askManual(waiting);
    const recorded = await t.post('agent-portal/record-manual-quote', {
      session_key: adminKey,
      application_id: answered,
      quote_id: await askManual(answered),
      status: 'quoted',
      premium: 1900,
      coverages: { building_limit: 250_000, contents_limit: 100_000, deductible: 1_000 },
    });
    expect(recorded.statusCode, recorded.body.message).toBe(200);

    const mailsBefore = mailsTo(CLIENT_EMAIL).length;
    for (const id of [waiting, answered]) await makeDue((await jobsOf(id, 'timeout'))[0].id);
    expect(await workerAt().drain()).toBe(2);
    const mails = mailsTo(CLIENT_EMAIL).slice(mailsBefore);
    expect(mails.map((mail) => mail.subject)).toEqual(['Still quoting, Maria']);
    expect(mails[0].text).toMatch(/^So far from \$[\d,]+\.\d\d\./);
    expect((await autoNotesOf(waiting)).map((note) => [note.sent_by, note.status])).toEqual([
      ['timeout_job_email', 'sent'],
      ['timeout_job_sms', 'sent'],
    ]);
    const [skipped] = await jobsOf(answered, 'timeout');
    expect(skipped.result).toEqual({ skipped: 'The quoting completed before the follow-up.' });
    expect(await autoNotesOf(answered)).toEqual([]);
  });

  it('a follow-up that cannot be sent writes the failure notes (orange)', async () => {
    // Launch now refuses the placeholder (issue 40); an application launched before then carries it.
    const id = await launchedApplication();
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    await t.db
      .update(applications)
      .set({ useable_details: { ...(row.useable_details as Doc), email: placeholders.email } })
      .where(eq(applications.id, id));
    const [followUp] = await jobsOf(id, 'timeout');
    await makeDue(followUp.id);
    const textsBefore = t.app.smsSink.messages.length;
    // No SMS provider and the sink off: the text cannot go anywhere.
    expect(await workerAt(undefined, { sink: false }).drain()).toBe(1);
    expect(t.app.smsSink.messages.length).toBe(textsBefore);
    const written = await autoNotesOf(id);
    expect(written.map((note) => [note.sent_by, note.status, noteColor(note), note.message])).toEqual([
      [
        'timeout_job_email',
        'failed',
        'orange',
        'Follow-up e-mail not sent: the client has no e-mail address.',
      ],
      [
        'timeout_job_sms',
        'failed',
        'orange',
        `Follow-up text message to ${CLIENT_PHONE} failed: No SMS provider is set up for the agency: an admin sets one in the messaging console.`,
      ],
    ]);
    // The text is in the outbox as failed, to resend once a provider is set; the e-mail that had
    // no address to go to is not (issue 43).
    expect((await outboxOf(id)).map((m) => [m.channel, m.template_key, m.status, m.error])).toEqual([
      [
        'sms',
        'timeout_job_sms',
        'failed',
        'No SMS provider is set up for the agency: an admin sets one in the messaging console.',
      ],
    ]);
  });

  it('outside working hours the message waits for the next opening (fixed clock)', async () => {
    const saved = await setAutoSend({
      working_hours_only: true,
      complete: bothChannels(ids.completeEmail, ids.completeSms),
      timeout: { ...none, after_minutes: 60 },
    });
    expect(saved.statusCode).toBe(200);
    const id = await launchedApplication();
    await t.app.quoteWorker.drain();
    // The completion's own job (real clock) is replaced by one for a Saturday-morning completion.
    await t.db.delete(jobs).where(eq(jobs.kind, AUTO_SEND_KIND));
    await t.db.update(applications).set({ launched_at: SATURDAY_MORNING }).where(eq(applications.id, id));
    const job = await enqueueAutoSend(t.db, await appRow(id), 'complete', SATURDAY_MORNING);
    expect(job?.run_after.toISOString()).toBe(MONDAY_OPENING.toISOString());

    // Claimed early (the job row says Monday, but a handler must not trust that): put back, nothing sent.
    const mailsBefore = mailsTo(CLIENT_EMAIL).length;
    const handler = autoSendJob({
      mailer: createMailer({ sinkUrl: t.app.mailSink?.url ?? null }),
      texting: { config: textingConfigFromEnv(), publicBaseUrl: BASE, sink: t.app.smsSink },
      now: () => SATURDAY_MORNING,
    });
    const [claimed] = await claimJobs(t.db, 'early-worker', [AUTO_SEND_KIND], 1, 60_000);
    const early = await handler(claimed, {
      db: t.db,
      signal: new AbortController().signal,
      logger: undefined,
      reportProgress: async () => {},
    }).catch((error: unknown) => error);
    expect(early).toBeInstanceOf(RetryLater);
    expect((early as RetryLater).delayMs).toBe(MONDAY_OPENING.getTime() - SATURDAY_MORNING.getTime());
    expect(mailsTo(CLIENT_EMAIL).length).toBe(mailsBefore);
    await t.db
      .update(jobs)
      .set({ status: 'queued', locked_by: null, locked_until: null })
      .where(eq(jobs.id, claimed.id));

    // At Monday's opening it is sent.
    expect(await workerAt(() => MONDAY_OPENING).drain()).toBe(1);
    expect(mailsTo(CLIENT_EMAIL).length).toBe(mailsBefore + 1);
    expect((await autoNotesOf(id)).map((note) => note.status)).toEqual(['sent', 'sent']);
  });

  it('previews a template for the sample client or a chosen application, and refuses bad Liquid', async () => {
    const preview = (body: Record<string, unknown>) =>
      t.post('portal-settings/preview-template', { session_key: adminKey, ...body });
    const sample = await preview({
      kind: 'email',
      subject: 'For {{first_name}}',
      body: 'Hi {{ first_name }} at {{address}}',
    });
    expect(sample.statusCode, sample.body.message).toBe(200);
    expect(sample.body.data.preview).toEqual({
      subject: 'For Jane',
      body: 'Hi Jane at 123 Ocean Drive, Miami, FL 33139',
      sample: true,
    });
    const id = await launchedApplication();
    const chosen = await preview({
      kind: 'sms',
      body: '{{first_name}} {{application_id}}',
      application_id: id,
    });
    expect(chosen.body.data.preview).toEqual({
      subject: null,
      body: `Maria RMGA${String(id).padStart(7, '0')}`,
      sample: false,
    });

    const otherKey = await t.loginAs('otheragent@demo.test');
    const foreign = await t.post('agent-portal/create-new-application', {
      session_key: otherKey,
      address: {
        searched_address: '1 Other St, Miami, FL 33139',
        address1: '1 Other St',
        city: 'Miami',
        state: 'FL',
        zip: '33139',
      },
    });
    const refused = await preview({
      kind: 'sms',
      body: 'Hi',
      application_id: foreign.body.data.application.id,
    });
    expect([refused.statusCode, refused.body.message]).toEqual([404, 'No such application.']);

    const syntax = await preview({ kind: 'email', subject: 'Hi', body: '{% if first_name %}open' });
    expect(syntax.statusCode).toBe(422);
    expect(syntax.body.error_obj).toEqual({
      body: 'Template syntax error: tag {% if first_name %} not closed, line:1, col:1.',
    });
    const unknown = await preview({ kind: 'email', subject: 'Hi {{nickname}}', body: 'x' });
    expect([unknown.statusCode, unknown.body.error_obj]).toEqual([
      422,
      { subject: 'Unknown short code: {{nickname}}.' },
    ]);
    const filter = await preview({ kind: 'sms', body: '{{first_name | shout}}' });
    expect(filter.body.message).toBe('Template syntax error: undefined filter: shout, line:1, col:1.');

    const huge = await preview({ kind: 'sms', body: '{% for i in (1..100000000) %}x{% endfor %}' });
    expect([huge.statusCode, huge.body.error_obj]).toEqual([
      422,
      { body: 'The template cannot be rendered: memory alloc limit exceeded, line:1, col:1' },
    ]);

    // Saving checks the same way: nothing is stored.
    const before = await t.post('portal-settings/get', { session_key: adminKey });
    const saved = await t.post('portal-settings/sms-templates/create', {
      session_key: adminKey,
      item: { name: 'Broken', body: 'Hi {% for x in y %}' },
    });
    expect(saved.statusCode).toBe(422);
    expect(saved.body.message).toMatch(/^Template syntax error: tag \{% for x in y %\} not closed/);
    const after = await t.post('portal-settings/get', { session_key: adminKey });
    expect(after.body.data.settings.sms_templates).toEqual(before.body.data.settings.sms_templates);
  });
});
