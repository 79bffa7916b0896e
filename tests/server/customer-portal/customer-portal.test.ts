/**
 * The customer portal (issue 16, docs/decisions/270-customer-portal.md): a customer sees only the
 * applications whose client they are, with quotes and the agent's contact; "contact my agent" and
 * "I want this quote" write an alert note and e-mail the agent (read from the real SMTP sink);
 * the agent names the client among the customers assigned to them; the customer reads back their
 * requests, open until the agent switches the alert off (decision 401). Quote expiry (decision
 * 400): the company's quote_expiry_days moves every quote's expires_at; an expired quote shows as
 * such to the agent and the customer and cannot be bound, sent or wanted. The `{{quote_link}}` of
 * an application (decision 440): the client account's dashboard, else a signed quote view that
 * opens without a session until it expires and never for an altered token. On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, companies, notes, quotes, users } from '../../../server/db/schema.ts';
import { quoteLink } from '../../../server/services/quote-view-service.ts';
import { addAccount } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DATABASE_KINDS)('customer portal on %s', (kind) => {
  let t: TestApp;
  let customerKey: string;
  let agentKey: string;
  /** The seeded application with quotes whose client is customer@demo.test. */
  let quotedId: number;
  let freshId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      accounts: { publicBaseUrl: 'https://portal.example.test', smtpUrl: null, mailSink: true },
    });
    customerKey = await t.loginAs('customer@demo.test');
    agentKey = await t.loginAs('agent@demo.test');
    [freshId, quotedId] = t.seed.applicationIds as number[];
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const notesOf = async (applicationId: number) =>
    t.db.select().from(notes).where(eq(notes.application_id, applicationId));

  const newCustomer = async (email: string, assignedAgentId: number | null) => {
    const account = await addAccount(t.db, { email, role: 'customer', companyId: t.seed.companyId });
    await t.db.update(users).set({ assigned_agent_id: assignedAgentId }).where(eq(users.id, account.userId));
    return { ...account, key: await t.loginAs(email) };
  };

  it("lists the customer's own application with its quotes and the agent's contact", async () => {
    const answer = await t.post('customer-portal/get-my-applications', { session_key: customerKey });
    expect(answer.statusCode, answer.body.message).toBe(200);
    const list = answer.body.data.applications;
    expect(list.map((a: { id: number }) => a.id)).toEqual([quotedId]);
    const [application] = list;
    expect(application.agent).toEqual({
      name: 'Alex Agent',
      email: 'agent@demo.test',
      phone: '(305) 555-0142',
    });
    expect(application.application_id).toBe(`RMGA${String(quotedId).padStart(7, '0')}`);
    expect(application.quotes.length).toBeGreaterThan(0);
    const stored = await t.db.select().from(quotes).where(eq(quotes.application_id, quotedId));
    expect(application.quotes.map((q: { id: number }) => q.id).sort()).toEqual(
      stored.map((q) => q.id).sort(),
    );
    // Read-only and the customer's: no document links, connectors, notes or commission.
    expect(Object.keys(application.quotes[0]).sort()).toEqual(
      [
        'answered_at',
        'benefits',
        'display_name',
        'expired',
        'expires_at',
        'id',
        'message',
        'premium',
        'status',
      ].sort(),
    );
    expect(application).not.toHaveProperty('notes');
  });

  it("shows another customer none of it: an empty list, and 404 for the first one's application, writing nothing", async () => {
    const other = await newCustomer(`stranger-${kind}@demo.test`, t.seed.agentId as number);
    const list = await t.post('customer-portal/get-my-applications', { session_key: other.key });
    expect(list.statusCode).toBe(200);
    expect(list.body.data.applications).toEqual([]);
    const before = (await notesOf(quotedId)).length;
    for (const id of [quotedId, freshId]) {
      const contact = await t.post('customer-portal/contact-agent', {
        session_key: other.key,
        application_id: id,
      });
      expect(contact.statusCode).toBe(404);
      expect(contact.body.data).toBeNull();
    }
    expect((await notesOf(quotedId)).length).toBe(before);
  });

  it('refuses the customer portal to every other role (403)', async () => {
    for (const email of ['agent@demo.test', 'admin@demo.test', 'superadmin@demo.test']) {
      const key = await t.loginAs(email);
      const list = await t.post('customer-portal/get-my-applications', { session_key: key });
      expect(list.statusCode, email).toBe(403);
      const contact = await t.post('customer-portal/contact-agent', {
        session_key: key,
        application_id: quotedId,
      });
      expect(contact.statusCode, email).toBe(403);
    }
  });

  it('"contact my agent" writes an alert note the agent sees and e-mails the agent', async () => {
    const sink = t.app.mailSink;
    if (!sink) throw new Error('no mail sink');
    const answer = await t.post('customer-portal/contact-agent', {
      session_key: customerKey,
      application_id: String(quotedId),
      message: 'Please call me after 5 pm.',
    });
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.data.emailed).toBe(true);
    const note = answer.body.data.note;
    expect(note.payload).toEqual({
      is_alert: true,
      is_active: true,
      sent_by: 'customer_portal',
      status: 'contact_requested',
      message: 'Casey Customer asks you to get in touch. "Please call me after 5 pm."',
    });
    expect(note.color).toBe('purple');
    const stored = await t.db.select().from(notes).where(eq(notes.id, note.id));
    expect(stored[0].application_id).toBe(quotedId);

    const mail = await sink.waitFor(
      (m) => m.envelopeTo.includes('agent@demo.test') && m.text.includes('after 5 pm'),
    );
    expect(mail.subject).toBe(
      `RMGA${String(quotedId).padStart(7, '0')}: your customer wrote from the portal`,
    );
    expect(mail.text).toContain(`https://portal.example.test/agent-portal/application-details/${quotedId}`);

    // The agent sees the request on the application and as an alert in the listing.
    const details = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: quotedId,
    });
    expect(details.body.data.application.notes.map((n: { id: number }) => n.id)).toContain(note.id);
    const listing = await t.post(
      'agent-portal/get-agent-applications-list',
      { session_key: agentKey, filters: { application_id: String(quotedId) } },
      { page: 1, per_page: 10 },
    );
    expect(listing.body.data.applications.data[0].alert_color).not.toBeNull();
  });

  it('"I want this quote" names the quote and its premium; a quote of another application is 404, one without premium 422', async () => {
    const [quoted] = await t.db
      .select()
      .from(quotes)
      .where(and(eq(quotes.application_id, quotedId), eq(quotes.status, 'quoted')));
    const answer = await t.post('customer-portal/contact-agent', {
      session_key: customerKey,
      application_id: quotedId,
      quote_id: quoted.id,
    });
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.data.note.payload.status).toBe('quote_wanted');
    const premium = Number(quoted.premium).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    expect(answer.body.data.note.payload.message).toBe(
      `Casey Customer wants the ${quoted.display_name} quote (${premium} a year).`,
    );

    const before = (await notesOf(quotedId)).length;
    const [foreign] = await t.db
      .insert(quotes)
      .values({
        application_id: freshId,
        carrier: 'x',
        display_name: 'Elsewhere',
        connector: 'x',
        status: 'quoted',
        premium: 100,
      })
      .returning();
    const wrongQuote = await t.post('customer-portal/contact-agent', {
      session_key: customerKey,
      application_id: quotedId,
      quote_id: foreign.id,
    });
    expect(wrongQuote.statusCode).toBe(404);
    const [declined] = await t.db
      .insert(quotes)
      .values({
        application_id: quotedId,
        carrier: 'y',
        display_name: 'Declined',
        connector: 'y',
        status: 'declined',
      })
      .returning();
    const noPremium = await t.post('customer-portal/contact-agent', {
      session_key: customerKey,
      application_id: quotedId,
      quote_id: declined.id,
    });
    expect(noPremium.statusCode).toBe(422);
    expect(noPremium.body.message).toBe('Only a quoted premium can be chosen.');
    expect((await notesOf(quotedId)).length).toBe(before);
  });

  it('validates the body: 400 for a bad id, a long message, a missing or unknown field, writing nothing', async () => {
    const before = (await notesOf(quotedId)).length;
    const bodies = [
      {},
      { application_id: 'abc' },
      { application_id: quotedId, quote_id: -1 },
      { application_id: quotedId, message: 'x'.repeat(1001) },
      { application_id: quotedId, extra: true },
    ];
    for (const body of bodies) {
      const answer = await t.post('customer-portal/contact-agent', { session_key: customerKey, ...body });
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await notesOf(quotedId)).length).toBe(before);
  });

  it('writes the note but sends no e-mail to an agent who turned e-mail notifications off', async () => {
    const agentUser = await t.db.select().from(users).where(eq(users.email, 'agent@demo.test'));
    await t.db
      .update(users)
      .set({ settings: { ...agentUser[0].settings, email_notifications: false } })
      .where(eq(users.id, agentUser[0].id));
    try {
      const mails = t.app.mailSink?.messages.length ?? 0;
      const answer = await t.post('customer-portal/contact-agent', {
        session_key: customerKey,
        application_id: quotedId,
        message: 'quiet please',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body.data.emailed).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(t.app.mailSink?.messages.slice(mails).filter((m) => m.text.includes('quiet please'))).toEqual(
        [],
      );
      expect((await notesOf(quotedId)).some((n) => n.payload.message.includes('quiet please'))).toBe(true);
    } finally {
      await t.db.update(users).set({ settings: agentUser[0].settings }).where(eq(users.id, agentUser[0].id));
    }
  });

  it("lets the agent name an assigned customer as the application's client, and no one else", async () => {
    const assigned = await newCustomer(`assigned-${kind}@demo.test`, t.seed.agentId as number);
    const unassigned = await newCustomer(`unassigned-${kind}@demo.test`, null);
    const clients = await t.post('agent-portal/get-application-clients', {
      session_key: agentKey,
      application_id: freshId,
    });
    expect(clients.statusCode).toBe(200);
    expect(clients.body.data.client_user_id).toBeNull();
    const ids = clients.body.data.customers.map((c: { id: number }) => c.id);
    expect(ids).toContain(assigned.userId);
    expect(ids).not.toContain(unassigned.userId);

    const refused = await t.post('agent-portal/set-application-client', {
      session_key: agentKey,
      application_id: freshId,
      client_user_id: unassigned.userId,
    });
    expect(refused.statusCode).toBe(422);
    const [agentUser] = await t.db.select().from(users).where(eq(users.email, 'agent@demo.test'));
    const agentAsClient = await t.post('agent-portal/set-application-client', {
      session_key: agentKey,
      application_id: freshId,
      client_user_id: agentUser.id,
    });
    expect(agentAsClient.statusCode).toBe(422);
    const byCustomer = await t.post('agent-portal/set-application-client', {
      session_key: assigned.key,
      application_id: freshId,
      client_user_id: assigned.userId,
    });
    expect(byCustomer.statusCode).toBe(403);
    expect(
      (await t.post('customer-portal/get-my-applications', { session_key: assigned.key })).body.data
        .applications,
    ).toEqual([]);

    const set = await t.post('agent-portal/set-application-client', {
      session_key: agentKey,
      application_id: freshId,
      client_user_id: assigned.userId,
    });
    expect(set.statusCode, set.body.message).toBe(200);
    const mine = await t.post('customer-portal/get-my-applications', { session_key: assigned.key });
    expect(mine.body.data.applications.map((a: { id: number }) => a.id)).toEqual([freshId]);
    // The quote an earlier case added to this application comes with it.
    expect(
      mine.body.data.applications[0].quotes.map((q: { display_name: string }) => q.display_name),
    ).toEqual(['Elsewhere']);

    const cleared = await t.post('agent-portal/set-application-client', {
      session_key: agentKey,
      application_id: freshId,
      client_user_id: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(
      (await t.post('customer-portal/get-my-applications', { session_key: assigned.key })).body.data
        .applications,
    ).toEqual([]);
  });

  it("refuses the agent of another company the client calls on this company's application (404)", async () => {
    const otherKey = await t.loginAs('otheragent@demo.test');
    const answer = await t.post('agent-portal/set-application-client', {
      session_key: otherKey,
      application_id: quotedId,
      client_user_id: null,
    });
    expect(answer.statusCode).toBe(404);
    const clients = await t.post('agent-portal/get-application-clients', {
      session_key: otherKey,
      application_id: quotedId,
    });
    expect(clients.statusCode).toBe(404);
    const row = await t.post('customer-portal/get-my-applications', { session_key: customerKey });
    expect(row.body.data.applications.map((a: { id: number }) => a.id)).toEqual([quotedId]);
  });
  it("lists the customer's requests on the application, open until the agent switches the alert off", async () => {
    const sent = await t.post('customer-portal/contact-agent', {
      session_key: customerKey,
      application_id: quotedId,
      message: 'Is flood cover for my garage included?',
    });
    expect(sent.statusCode, sent.body.message).toBe(200);
    const noteId = sent.body.data.note.id;
    const requestOf = async () => {
      const mine = await t.post('customer-portal/get-my-applications', { session_key: customerKey });
      const application = mine.body.data.applications.find((a: { id: number }) => a.id === quotedId);
      const requests = application.requests as { id: number; created_at: string }[];
      // Oldest first, and only the customer's own requests (no agent or system notes).
      expect(requests.map((r) => r.created_at)).toEqual(requests.map((r) => r.created_at).sort());
      const stored = await notesOf(quotedId);
      expect(requests.map((r) => r.id).sort()).toEqual(
        stored
          .filter((n) => n.payload.sent_by === 'customer_portal')
          .map((n) => n.id)
          .sort(),
      );
      return requests.find((r) => r.id === noteId);
    };
    expect(await requestOf()).toMatchObject({
      kind: 'contact_requested',
      message: 'Casey Customer asks you to get in touch. "Is flood cover for my garage included?"',
      open: true,
    });
    // The agent handles it as any note: the alert toggled off.
    const toggled = await t.post('agent-portal/toggle-application-alert-note', {
      session_key: agentKey,
      application_id: quotedId,
      note_id: noteId,
    });
    expect(toggled.statusCode, toggled.body.message).toBe(200);
    expect(await requestOf()).toMatchObject({ open: false });
  });

  describe('quote expiry (decision 400)', () => {
    const DAY = 86_400_000;
    const applicationOf = async (key: string) =>
      (await t.post('agent-portal/get-application-by-id', { session_key: key, application_id: quotedId }))
        .body.data.application;
    const setExpiryDays = async (days: number | undefined) => {
      const [company] = await t.db
        .select()
        .from(companies)
        .where(eq(companies.id, t.seed.companyId as number));
      const settings = company.settings as { global?: Record<string, unknown> };
      const global = { ...(settings.global ?? {}) };
      if (days === undefined) delete global.quote_expiry_days;
      else global.quote_expiry_days = days;
      await t.db
        .update(companies)
        .set({ settings: { ...settings, global } })
        .where(eq(companies.id, t.seed.companyId as number));
    };

    it("dates every offered quote by the company's quote_expiry_days, 30 when unset", async () => {
      await setExpiryDays(undefined);
      const offered = (await applicationOf(agentKey)).quotes.filter(
        (q: { status: string; premium: number | null; bound: unknown }) =>
          q.status === 'quoted' && q.premium !== null && q.bound === null,
      );
      expect(offered.length).toBeGreaterThan(0);
      for (const quote of offered) {
        expect(Date.parse(quote.expires_at) - Date.parse(quote.answered_at)).toBe(30 * DAY);
        expect(quote.expired).toBe(false);
      }
      const admin = await t.loginAs('admin@demo.test');
      const saved = await t.post('portal-settings/update-global', {
        session_key: admin,
        global: {
          portal_name: null,
          timezone: 'America/New_York',
          quote_expiry_days: 7,
          support_email: null,
          support_phone: null,
        },
      });
      expect(saved.statusCode, saved.body.message).toBe(200);
      for (const quote of (await applicationOf(agentKey)).quotes) {
        if (quote.expires_at !== null)
          expect(Date.parse(quote.expires_at) - Date.parse(quote.answered_at)).toBe(7 * DAY);
      }
    });

    it('shows an expired quote to the agent and the customer, and refuses to bind, send or want it', async () => {
      await setExpiryDays(7);
      const [stale] = await t.db
        .insert(quotes)
        .values({
          application_id: quotedId,
          carrier: 'stale',
          display_name: 'Stale Mutual',
          connector: 'x',
          status: 'quoted',
          premium: 900,
          answered_at: new Date(Date.now() - 8 * DAY),
        })
        .returning();
      try {
        const view = (await applicationOf(agentKey)).quotes.find((q: { id: number }) => q.id === stale.id);
        expect(view).toMatchObject({ expired: true });
        const fresh = (await applicationOf(agentKey)).quotes.find(
          (q: { id: number; expires_at: string | null }) => q.id !== stale.id && q.expires_at !== null,
        );
        expect(fresh.expired).toBe(false);
        const mine = await t.post('customer-portal/get-my-applications', { session_key: customerKey });
        const clientQuote = mine.body.data.applications
          .find((a: { id: number }) => a.id === quotedId)
          .quotes.find((q: { id: number }) => q.id === stale.id);
        expect(clientQuote).toMatchObject({ expired: true, expires_at: view.expires_at });

        const before = (await notesOf(quotedId)).length;
        const bind = await t.post('commission/bind-quote', {
          session_key: agentKey,
          application_id: quotedId,
          quote_id: stale.id,
          policy_number: 'P-1',
          effective_date: '2026-12-01',
          premium: 900,
          business: 'new',
        });
        const send = await t.post('agent-portal/send-quote', {
          session_key: agentKey,
          application_id: quotedId,
          document: 'market-breakdown',
          quote_ids: [fresh.id, stale.id],
          email: 'maria.alvarez@example.com',
          subject: 'Your quotes',
          message: 'Attached.',
        });
        const want = await t.post('customer-portal/contact-agent', {
          session_key: customerKey,
          application_id: quotedId,
          quote_id: stale.id,
        });
        for (const answer of [bind, send, want]) {
          expect([answer.statusCode, answer.body.message]).toEqual([
            409,
            'This quote has expired. Relaunch the application for a current premium.',
          ]);
        }
        expect(send.body.error_obj).toEqual({ 'body.quote_ids': 'Expired: Stale Mutual.' });
        expect((await notesOf(quotedId)).length).toBe(before);

        // A longer expiry brings the same quote back into offer.
        await setExpiryDays(10);
        const back = (await applicationOf(agentKey)).quotes.find((q: { id: number }) => q.id === stale.id);
        expect(back.expired).toBe(false);
      } finally {
        await t.db.delete(quotes).where(eq(quotes.id, stale.id));
        await setExpiryDays(undefined);
      }
    });
  });
  describe('quote link', () => {
    const BASE = 'https://portal.example.test';
    const DAY_MS = 24 * 60 * 60 * 1000;
    const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;
    const openView = (token: string, sessionKey?: string) =>
      t.post('customer-portal/quote-view', { token, ...(sessionKey ? { session_key: sessionKey } : {}) });

    it('sends a client with a customer account to the application on their dashboard, which they alone open', async () => {
      const [application] = await t.db.select().from(applications).where(eq(applications.id, quotedId));
      expect(application.client_user_id).not.toBeNull();
      const link = await quoteLink(t.db, application, `${BASE}/`);
      expect(link).toBe(`${BASE}/dashboard#client-application-${quotedId}`);
      const mine = await t.post('customer-portal/get-my-applications', { session_key: customerKey });
      expect(mine.body.data.applications.map((a: { id: number }) => a.id)).toContain(quotedId);
      const other = await newCustomer(`link-stranger-${kind}@demo.test`, t.seed.agentId as number);
      const theirs = await t.post('customer-portal/get-my-applications', { session_key: other.key });
      expect(theirs.body.data.applications).toEqual([]);
    });

    it('opens a signed quote view without a session: the application read-only, its quotes and the agent', async () => {
      const link = await quoteLink(t.db, { id: freshId, client_user_id: null }, BASE);
      expect(link.startsWith(`${BASE}/quote-view?token=${freshId}.`)).toBe(true);
      for (const sessionKey of [undefined, agentKey, customerKey]) {
        const answer = await openView(tokenOf(link), sessionKey);
        expect(answer.statusCode, answer.body.message).toBe(200);
        const { application } = answer.body.data;
        expect(application.id).toBe(freshId);
        expect(application.agent.email).toBe('agent@demo.test');
        expect(application.requests).toEqual([]);
        expect(application).not.toHaveProperty('notes');
      }
    });

    it('refuses an expired link, an altered one and a malformed one, to everyone', async () => {
      const expired = await quoteLink(
        t.db,
        { id: freshId, client_user_id: null },
        BASE,
        new Date(Date.now() - 31 * DAY_MS),
      );
      const [, expires, signature] = tokenOf(
        await quoteLink(t.db, { id: freshId, client_user_id: null }, BASE),
      ).split('.');
      const longer = String(Number(expires) + 365 * 24 * 60 * 60);
      for (const token of [
        tokenOf(expired),
        `${quotedId}.${expires}.${signature}`,
        `${freshId}.${longer}.${signature}`,
      ]) {
        const answer = await openView(token, agentKey);
        expect([answer.statusCode, answer.body.message]).toEqual([
          404,
          'This quote link is invalid or has expired.',
        ]);
        expect(answer.body.data).toBeNull();
      }
      const malformed = await openView('../../etc/passwd');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body.error_obj).toHaveProperty('body.token');
    });
  });
});
