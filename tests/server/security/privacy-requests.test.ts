/**
 * Privacy requests (issue 38; docs/decisions/723-privacy-requests.md): export-person answers every
 * record naming the person (contact, linked application, text conversation with its messages,
 * webhook deliveries, the outbox messages to their phone); erase-person deletes or anonymises them all in one go and answers the
 * counts, after which an export finds nothing and the application's document no longer holds the
 * e-mail; both are audited without the e-mail; another agency's admin finds nothing, agents 403.
 * On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  auditEvents,
  textConversations,
  textMessages,
  webhookDeliveries,
} from '../../../server/db/schema.ts';
import { insertOutboxMessage } from '../../../server/repositories/outbox-repository.ts';
import { anonymisedDocument, ERASED } from '../../../server/services/privacy-service.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const EMAIL = 'Pat.Private@Mail.Test';

describe('anonymisedDocument', () => {
  it('replaces the e-mail inside strings and whole values naming the person, at any depth', () => {
    const exact = new Set(['pat', 'private', '(305) 555-0177']);
    expect(
      anonymisedDocument(
        { a: 'mail pat.private@example.com now', b: [' Pat ', 'Patricia'], c: { d: '(305) 555-0177', e: 3 } },
        'pat.private@example.com',
        exact,
      ),
    ).toEqual({ a: `mail ${ERASED} now`, b: [ERASED, 'Patricia'], c: { d: ERASED, e: 3 } });
  });
});

describe.each(DATABASE_KINDS)('privacy requests on %s', (kind) => {
  let t: TestApp;
  let adminKey: string;
  let applicationId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    adminKey = await t.loginAs('admin@demo.test');
    const agentKey = await t.loginAs('agent@demo.test');
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    applicationId = created.body.data.application.id;
    const contact = await t.post('agent-portal/create-contact', {
      session_key: agentKey,
      owned_type: 'Individual Owned',
      first_name: 'Pat',
      last_name: 'Private',
      phone: '(305) 555-0177',
      email: EMAIL,
      application_id: applicationId,
    });
    expect(contact.statusCode, contact.body.message).toBe(200);
    const [application] = await t.db.select().from(applications).where(eq(applications.id, applicationId));
    await t.db
      .update(applications)
      .set({
        useable_details: { ...application.useable_details, note_email: `write to ${EMAIL.toLowerCase()}` },
      })
      .where(eq(applications.id, applicationId));
    const [conversation] = await t.db
      .insert(textConversations)
      .values({
        company_id: t.seed.companyId as number,
        client_phone: '+13055550177',
        application_id: applicationId,
      })
      .returning();
    await t.db.insert(textMessages).values({
      conversation_id: conversation.id,
      company_id: t.seed.companyId as number,
      direction: 'inbound',
      body: 'Hi, this is Pat',
      status: 'received',
      provider: 'sink',
    });
    await t.db.insert(webhookDeliveries).values({
      company_id: t.seed.companyId as number,
      application_id: applicationId,
      event: 'quotes.completed',
      delivery_id: 'd-privacy',
      attempt: 1,
      url: 'https://hooks.example.test/q',
      outcome: 'delivered',
    });
    await insertOutboxMessage(t.db, {
      company_id: t.seed.companyId as number,
      application_id: null,
      channel: 'sms',
      template_key: 'texting_console',
      recipient: '+13055550177',
      subject: null,
      body: 'Hello Pat',
      status: 'sent',
      error: null,
      triggered_by: null,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (path: string, key: string, email = EMAIL) =>
    t.post(`privacy/${path}`, { session_key: key, email });

  it('exports every record naming the person, to their agency’s admin only', async () => {
    const answer = await call('export-person', adminKey);
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.data.counts).toEqual({
      users: 0,
      contacts: 1,
      applications: 1,
      text_conversations: 1,
      text_messages: 1,
      webhook_deliveries: 1,
      outbox_messages: 1,
    });
    const { records } = answer.body.data;
    expect(records.contacts[0]).toMatchObject({ first_name: 'Pat', email: EMAIL });
    expect(records.applications[0].id).toBe(applicationId);
    expect(records.text_conversations[0].messages[0].body).toBe('Hi, this is Pat');
    const other = await call('export-person', await t.loginAs('otheradmin@demo.test'));
    expect(other.body.data.counts.contacts).toBe(0);
    expect((await call('export-person', await t.loginAs('agent@demo.test'))).statusCode).toBe(403);
    expect((await call('export-person', adminKey, 'not-an-email')).statusCode).toBe(400);
  });

  it('erases them everywhere, answers the counts, and audits both requests without the e-mail', async () => {
    expect((await call('erase-person', await t.loginAs('agent@demo.test'))).statusCode).toBe(403);
    const answer = await call('erase-person', adminKey);
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.data.counts).toEqual({
      applications: 1,
      contacts: 1,
      text_conversations: 1,
      text_messages: 1,
      webhook_deliveries: 1,
      outbox_messages: 1,
      users: 0,
    });
    const [application] = await t.db.select().from(applications).where(eq(applications.id, applicationId));
    const text = JSON.stringify(application).toLowerCase();
    expect(text).not.toContain('pat.private@mail.test');
    expect(application.useable_details.note_email).toBe(`write to ${ERASED}`);
    expect(application.client_name_id).toBeNull();
    expect(await t.count('text_messages')).toBe(0);
    expect(await t.count('outbox_messages')).toBe(0);
    const again = await call('export-person', adminKey);
    expect(Object.values(again.body.data.counts).every((n) => n === 0)).toBe(true);

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.company_id, t.seed.companyId as number));
    const erased = events.find((e) => e.action === 'person.erased');
    expect(erased?.details).toEqual(answer.body.data.counts);
    expect(events.some((e) => e.action === 'person.exported')).toBe(true);
    expect(JSON.stringify(events).toLowerCase()).not.toContain('pat.private');
  });
});
