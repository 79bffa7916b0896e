/**
 * The quote documents of issue 13 through the real API on PGlite (and PostgreSQL with
 * TEST_DATABASE_URL): the market-breakdown and flood-rejection PDFs read back with pdfjs-dist
 * (every carrier, premium and the client), their first pages rendered to PNG, the access rules of
 * get-application-by-id, and send-quote through the SMTP sink with the PDF attached and a note left;
 * carriers by the screen's names, cheapest first, times in the agency's time zone, and the send
 * dialog's e-mail preview (issue 40).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '../../../engine/index.ts';
import { companies, users } from '../../../server/db/schema.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import {
  MAIL_FAILED_MESSAGE,
  NO_SMTP_MESSAGE,
  STANDARD_QUOTE_EMAIL,
  sendQuote,
  UNKNOWN_QUOTE_MESSAGE,
} from '../../../server/services/quote-documents-service.ts';
import { pdfPagesText, renderFirstPage } from '../helpers/pdf-text.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

interface SeedQuote {
  id: number;
  carrier: string;
  sub_carrier: string | null;
  display_name: string;
  status: string;
  premium: number | null;
  message: string | null;
}

/** A quote's name as the screen shows it, and so the document (issue 40). */
const screenName = (quote: SeedQuote) => quote.display_name;

/** The page texts with runs of whitespace made one space, so wrapped cells still match. */
const flat = (pages: string[]) => pages.join(' ').replace(/\s+/g, ' ');

describe.each(DATABASE_KINDS)('quote documents on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let applicationId: number;
  let quotes: SeedQuote[];

  beforeAll(async () => {
    t = await startTestApp(kind, {
      accounts: { publicBaseUrl: 'https://portal.example.test', smtpUrl: null, mailSink: true },
    });
    agentKey = await t.loginAs('agent@demo.test');
    applicationId = t.seed.applicationIds?.[1] as number;
    const answer = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: applicationId,
    });
    expect(answer.body.data.application.status).toBe('completed');
    quotes = answer.body.data.application.quotes;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  async function download(path: string, body: Record<string, unknown>, key = agentKey) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/agent-portal/${path}`,
      payload: { session_key: key, ...body },
    });
    return response;
  }

  it('answers the market breakdown of every carrier asked, with premiums, limits and the client', async () => {
    const response = await download('download-market-breakdown-pdf', { application_id: applicationId });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="market-breakdown-RMGA${String(applicationId).padStart(7, '0')}.pdf"`,
    );
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(await pdfPagesText(bytes));
    expect(text).toContain('Market breakdown');
    expect(text).toContain('Maria Alvarez');
    expect(text).toContain('1500 Meridian Ave, Miami Beach, FL 33139');
    expect(text).toContain('Residential Primary');
    expect(text).toContain('Demo Agency');
    const priced = quotes.filter((quote) => quote.premium !== null);
    expect(priced.length).toBeGreaterThan(1);
    expect(quotes.some((quote) => quote.status === 'declined')).toBe(true);
    for (const quote of quotes) expect(text).toContain(screenName(quote));
    for (const quote of priced) expect(text).toContain(formatCurrency(quote.premium as number));
    expect(text).toContain(`Carriers (${priced.length} of ${quotes.length} quoted)`);
    // The building and contents limits and the deductible of the Primary example.
    for (const amount of ['$450,000', '$100,000', '$5,000']) expect(text).toContain(amount);
    expect(text).toContain('(indicative)');
    const size = await renderFirstPage(bytes, `test-results/quote-documents/market-breakdown-${kind}.png`);
    expect(size.width).toBeGreaterThan(size.height);
  });

  it('shows only the chosen quotes, and refuses a quote of another application', async () => {
    const [first, second] = quotes.filter((quote) => quote.premium !== null);
    const response = await download('download-market-breakdown-pdf', {
      application_id: applicationId,
      quote_ids: [first.id],
    });
    expect(response.statusCode).toBe(200);
    const text = flat(await pdfPagesText(response.rawPayload));
    expect(text).toContain(formatCurrency(first.premium as number));
    expect(text).not.toContain(formatCurrency(second.premium as number));
    expect(text).toContain('Carriers (1 of 1 quoted)');

    const foreign = await download('download-market-breakdown-pdf', {
      application_id: applicationId,
      quote_ids: [first.id, 2_000_000],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ message: UNKNOWN_QUOTE_MESSAGE, data: null });
    const none = await download('download-flood-rejection-pdf', {
      application_id: applicationId,
      quote_ids: [],
    });
    expect(none.statusCode).toBe(400);
  });

  it('answers the flood rejection: lowest premium, carriers that quoted, declines with reasons, signatures', async () => {
    const response = await download('download-flood-rejection-pdf', { application_id: applicationId });
    expect(response.statusCode).toBe(200);
    const text = flat(await pdfPagesText(response.rawPayload));
    const priced = quotes
      .filter((quote) => quote.premium !== null)
      .sort((a, b) => (a.premium as number) - (b.premium as number));
    expect(text).toContain('Flood coverage rejection');
    expect(text).toContain(`${formatCurrency(priced[0].premium as number)} (${screenName(priced[0])})`);
    for (const quote of priced) expect(text).toContain(screenName(quote));
    for (const quote of quotes.filter((q) => q.status === 'declined')) {
      expect(text).toContain(screenName(quote));
      expect(text).toContain((quote.message ?? '').replace(/\s+/g, ' ').slice(0, 30));
    }
    expect(text).toContain('I decline to buy flood insurance');
    expect(text).toContain('Client signature');
    expect(text).toContain('Agent signature');
    await renderFirstPage(response.rawPayload, `test-results/quote-documents/flood-rejection-${kind}.png`);
  });

  it("names the carriers as the screen does, cheapest first, at the agency's time (issue 40)", async () => {
    const companyId = t.seed.companyId as number;
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const textOf = async () =>
      flat(
        await pdfPagesText(
          (await download('download-market-breakdown-pdf', { application_id: applicationId })).rawPayload,
        ),
      );
    // The default zone of portal settings, then the one the agency sets.
    const standard = await textOf();
    expect(standard).toMatch(/\b(EST|EDT)\b/);
    expect(standard).not.toMatch(/\bUTC\b/);
    const rows = standard.slice(standard.indexOf('Carriers ('));
    const priced = quotes
      .filter((quote) => quote.premium !== null)
      .sort((a, b) => (a.premium as number) - (b.premium as number) || a.id - b.id);
    const places = priced.map((quote) => rows.indexOf(`${screenName(quote)} quoted`));
    expect(
      places.every((place) => place >= 0),
      priced.map(screenName).join(', '),
    ).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    // Those without a premium come after the cheapest-first ones.
    const declined = quotes.find((quote) => quote.premium === null) as SeedQuote;
    expect(rows.indexOf(`${screenName(declined)} ${declined.status}`)).toBeGreaterThan(
      places.at(-1) as number,
    );

    await t.db
      .update(companies)
      .set({ settings: { ...company.settings, global: { timezone: 'America/Chicago' } } })
      .where(eq(companies.id, companyId));
    try {
      expect(await textOf()).toMatch(/\b(CST|CDT)\b/);
    } finally {
      await t.db.update(companies).set({ settings: company.settings }).where(eq(companies.id, companyId));
    }
  });

  it('previews the e-mail as the send renders it, sending and noting nothing (issue 40)', async () => {
    const before = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: applicationId,
    });
    const preview = (body: Record<string, unknown>) =>
      t.post('agent-portal/preview-quote-email', {
        session_key: agentKey,
        application_id: applicationId,
        quote_ids: quotes.filter((quote) => quote.premium !== null).map((quote) => quote.id),
        subject: STANDARD_QUOTE_EMAIL.subject,
        message: STANDARD_QUOTE_EMAIL.body,
        ...body,
      });
    const answer = await preview({});
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.data.subject).toBe(
      'Your flood insurance quotes for 1500 Meridian Ave, Miami Beach, FL 33139',
    );
    expect(answer.body.data.message).toContain('Hello Maria,');
    expect(answer.body.data.message).toContain('Alex Agent');
    expect(answer.body.data.message).not.toContain('{{');
    // A subject is one line, as the send makes it.
    expect((await preview({ subject: 'Quotes\nfor {{first_name}}' })).body.data.subject).toBe(
      'Quotes for Maria',
    );
    const broken = await preview({ message: '{% if first_name %}Hi' });
    expect(broken.statusCode).toBe(422);
    expect(broken.body.message).toMatch(/^Template syntax error: /);
    // The lowest premium is of the quotes chosen, not of the whole application (ADR 759).
    const [cheapest, next] = quotes
      .filter((quote) => quote.premium !== null)
      .sort((a, b) => (a.premium as number) - (b.premium as number));
    const lowestOf = async (chosen: typeof quotes) =>
      (await preview({ quote_ids: chosen.map((quote) => quote.id), message: '{{min_quote_amount}}' })).body
        .data.message;
    const dollars = (amount: number | null) =>
      (amount as number).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    expect(await lowestOf([cheapest, next])).toBe(dollars(cheapest.premium));
    expect(await lowestOf([next])).toBe(dollars(next.premium));
    expect((await preview({ quote_ids: [2_000_000] })).statusCode).toBe(422);
    expect((await preview({ subject: '' })).statusCode).toBe(400);
    const after = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: applicationId,
    });
    expect(after.body.data.application.notes).toEqual(before.body.data.application.notes);
  });

  it('is closed as get-application-by-id: another agency, a customer, no session', async () => {
    const otherKey = await t.loginAs('otheradmin@demo.test');
    const customerKey = await t.loginAs('customer@demo.test');
    for (const path of ['download-market-breakdown-pdf', 'download-flood-rejection-pdf']) {
      const read = await t.post('agent-portal/get-application-by-id', {
        session_key: otherKey,
        application_id: applicationId,
      });
      const other = await download(path, { application_id: applicationId }, otherKey);
      // Another agency learns no more than get-application-by-id tells it: the application is not found.
      expect(other.statusCode).toBe(read.statusCode);
      expect(other.statusCode).toBe(404);
      expect(other.headers['content-type']).toMatch(/^application\/json/);
      expect((await download(path, { application_id: applicationId }, customerKey)).statusCode).toBe(403);
      expect((await download(path, { application_id: applicationId }, '')).statusCode).toBe(401);
    }
  });

  it('offers the company e-mail templates, then the standard one', async () => {
    const read = () =>
      t.post('agent-portal/get-quote-email-templates', {
        session_key: agentKey,
        application_id: applicationId,
      });
    expect((await read()).body.data.templates).toEqual([STANDARD_QUOTE_EMAIL]);
    const companyId = t.seed.companyId as number;
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const own = {
      id: 7,
      name: 'Flood quotes',
      subject: 'Quotes for {{first_name}}',
      body: 'Hi {{first_name}}',
    };
    await t.db
      .update(companies)
      .set({ settings: { ...company.settings, email_templates: [own] } })
      .where(eq(companies.id, companyId));
    try {
      expect((await read()).body.data.templates).toEqual([own, STANDARD_QUOTE_EMAIL]);
    } finally {
      await t.db.update(companies).set({ settings: company.settings }).where(eq(companies.id, companyId));
    }
  });

  describe('send-quote', () => {
    const send = (body: Record<string, unknown>, key = agentKey) =>
      t.post('agent-portal/send-quote', {
        session_key: key,
        application_id: applicationId,
        document: 'market-breakdown',
        quote_ids: quotes.map((quote) => quote.id),
        email: 'maria.alvarez@example.com',
        subject: 'Your flood quotes, {{first_name}}',
        message: 'Hello {{first_name}},\nThe quotes for {{address}} are attached.\n{{agent_name}}',
        ...body,
      });

    async function notes() {
      const answer = await t.post('agent-portal/get-application-by-id', {
        session_key: agentKey,
        application_id: applicationId,
      });
      return answer.body.data.application.notes as { payload: Record<string, unknown> }[];
    }

    it('mails the PDF to the client with the rendered subject and message, and notes the send', async () => {
      const sink = t.app.mailSink;
      if (!sink) throw new Error('no mail sink');
      const chosen = quotes.filter((quote) => quote.premium !== null).slice(0, 2);
      const answer = await send({
        quote_ids: chosen.map((quote) => quote.id),
        email: 'client.one@example.com',
      });
      expect(answer.statusCode, answer.body.message).toBe(200);
      const mail = await sink.waitFor((message) => message.envelopeTo.includes('client.one@example.com'));
      expect(mail.subject).toBe('Your flood quotes, Maria');
      expect(mail.text).toContain('The quotes for 1500 Meridian Ave, Miami Beach, FL 33139 are attached.');
      expect(mail.text).toContain('Alex Agent');
      expect(mail.attachments).toHaveLength(1);
      const [attachment] = mail.attachments;
      expect(attachment.contentType).toBe('application/pdf');
      expect(attachment.filename).toMatch(/^market-breakdown-RMGA\d{7}\.pdf$/);
      const text = flat(await pdfPagesText(attachment.content));
      for (const quote of chosen) {
        expect(text).toContain(screenName(quote));
        expect(text).toContain(formatCurrency(quote.premium as number));
      }
      const note = answer.body.data.application.notes.find(
        (n: { id: number }) => n.id === answer.body.data.note_id,
      );
      expect(note.payload).toMatchObject({ sent_by: 'quote_email', status: 'sent', is_alert: false });
      expect(note.payload.message).toContain(
        'Market breakdown e-mailed to client.one@example.com by Alex Agent',
      );
      expect(note.payload.message).toContain(chosen.map(screenName).join(', '));
    });

    it('sends the flood rejection when asked', async () => {
      const answer = await send({ document: 'flood-rejection', email: 'client.two@example.com' });
      expect(answer.statusCode, answer.body.message).toBe(200);
      const mail = await t.app.mailSink?.waitFor((message) =>
        message.envelopeTo.includes('client.two@example.com'),
      );
      expect(mail?.attachments[0].filename).toMatch(/^flood-rejection-RMGA\d{7}\.pdf$/);
      expect(flat(await pdfPagesText(mail?.attachments[0].content as Buffer))).toContain('Client signature');
    });

    it('refuses a missing or malformed e-mail and an empty choice with the field, mailing and noting nothing', async () => {
      const before = { notes: (await notes()).length, mails: t.app.mailSink?.messages.length };
      const noEmail = await send({ email: '' });
      expect(noEmail.statusCode).toBe(400);
      expect(Object.keys(noEmail.body.error_obj)).toEqual(['body.email']);
      expect((await send({ email: 'not-an-address' })).statusCode).toBe(400);
      const noneChosen = await send({ quote_ids: [] });
      expect(noneChosen.statusCode).toBe(400);
      expect(Object.keys(noneChosen.body.error_obj)).toEqual(['body.quote_ids']);
      const badTemplate = await send({ subject: 'Quotes {% if %}' });
      expect(badTemplate.statusCode).toBe(422);
      // A code that is none is refused, not sent blanked; so is "$" before the lowest premium.
      const unknown = await send({ message: 'Policy {{policy_number}}' });
      expect([unknown.statusCode, unknown.body.message]).toEqual([
        422,
        'Unknown short code: {{policy_number}}.',
      ]);
      const doubled = await send({ subject: 'From $ {{min_quote_amount}}' });
      expect([doubled.statusCode, doubled.body.message]).toEqual([
        422,
        'Write {{min_quote_amount}} without a "$" before it: its value carries the dollar sign (e.g. $1,234.50).',
      ]);
      expect((await send({}, await t.loginAs('otheragent@demo.test'))).statusCode).toBe(404);
      expect({ notes: (await notes()).length, mails: t.app.mailSink?.messages.length }).toEqual(before);
    });

    it('answers 422 with what to set up when there is no mail server at all, noting nothing', async () => {
      const [agentUser] = await t.db.select().from(users).where(eq(users.email, 'agent@demo.test'));
      const actor = {
        userId: agentUser.id,
        role: 'agent' as const,
        companyId: t.seed.companyId as number,
        agentId: t.seed.agentId as number,
        licensedStates: [],
        sessionKeyHash: '',
      };
      const before = (await notes()).length;
      const nowhere = createMailer({ smtpUrl: null, sinkUrl: null });
      const input = {
        application_id: applicationId,
        document: 'market-breakdown' as const,
        quote_ids: [quotes[0].id],
        email: 'client.four@example.com',
        subject: 'Quotes',
        message: '',
      };
      await expect(
        sendQuote(t.db, { mailer: nowhere, publicBaseUrl: '' }, actor, input),
      ).rejects.toMatchObject({
        statusCode: 422,
        message: NO_SMTP_MESSAGE,
      });
      expect((await notes()).length).toBe(before);
    });

    it('answers 502 and leaves no note when the mail server refuses', async () => {
      const companyId = t.seed.companyId as number;
      const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
      const smtp = {
        host: '127.0.0.1',
        port: 1,
        username: null,
        from_email: 'x@demo.test',
        from_name: null,
        secure: false,
      };
      await t.db
        .update(companies)
        .set({ settings: { ...company.settings, smtp } })
        .where(eq(companies.id, companyId));
      try {
        const before = (await notes()).length;
        const answer = await send({ email: 'client.three@example.com' });
        expect(answer.statusCode).toBe(502);
        expect(answer.body.message).toBe(MAIL_FAILED_MESSAGE);
        expect((await notes()).length).toBe(before);
      } finally {
        await t.db.update(companies).set({ settings: company.settings }).where(eq(companies.id, companyId));
      }
    });
  });
});
