/**
 * Client contacts (issue 20, SPEC §2 Dialogs "contact create/update", §3 client_name_id;
 * docs/decisions/432-client-contacts.md): an agent creates the insured's contact from an
 * application, which then names it in client_name_id (the listing filters by it); the fields are
 * checked with the application's contact rules (SPEC §5 messages); an agent reads and changes their
 * own contacts, an admin their agency's, nobody another agency's; a refused call stores nothing.
 * On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, contacts } from '../../server/db/schema.ts';
import { CONTACT_NEEDS_APPLICATION_MESSAGE } from '../../server/services/contacts-service.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const MARIA = {
  owned_type: 'Individual Owned',
  first_name: ' Maria ',
  last_name: 'Lopez',
  phone: '(305) 555-0142',
  email: 'maria.lopez@mail.test',
};

describe.each(DATABASE_KINDS)('client contacts on %s', (kind) => {
  let t: TestApp;
  const keys: Record<string, string> = {};
  let applicationId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const who of ['agent', 'admin', 'superadmin', 'customer', 'otheragent', 'otheradmin'])
      keys[who] = await t.loginAs(`${who}@demo.test`);
    [applicationId] = t.seed.applicationIds as number[];
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const application = async (id: number) =>
    (await t.db.select().from(applications).where(eq(applications.id, id)))[0];
  const contactRow = async (id: number) => (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0];
  const create = (who: string, body: Record<string, unknown>) =>
    t.post('agent-portal/create-contact', { session_key: keys[who], ...body });

  it("creates the insured's contact from an application and names it there, the document untouched", async () => {
    const before = await application(applicationId);
    const answer = await create('agent', {
      ...MARIA,
      business_name: 'Ignored LLC',
      application_id: applicationId,
    });
    expect(answer.statusCode, answer.body.message).toBe(200);
    const { contact } = answer.body.data;
    expect(answer.body.data.application_id).toBe(applicationId);
    expect(contact).toMatchObject({
      owned_type: 'Individual Owned',
      first_name: 'Maria',
      last_name: 'Lopez',
      // The rules hide the business name of an individual: it is not kept.
      business_name: null,
      phone: '(305) 555-0142',
      email: 'maria.lopez@mail.test',
      name: 'Maria Lopez',
      company_id: before.company_id,
      agent_id: before.agent_id,
    });
    const after = await application(applicationId);
    expect(after.client_name_id).toBe(String(contact.id));
    expect(after.version).toBe(before.version);
    expect(after.useable_details).toEqual(before.useable_details);

    const listing = await t.post('agent-portal/get-agent-applications-list', {
      session_key: keys.agent,
      filters: { client_name_id: String(contact.id) },
    });
    expect(listing.body.data.applications.data.map((a: { id: number }) => a.id)).toEqual([applicationId]);
  });

  it('keeps the business name of a business, and links the newer contact when an application is linked again', async () => {
    const answer = await create('admin', {
      owned_type: 'Business Owned',
      business_name: 'Bayside Bakery LLC',
      phone: '(305) 555-0199',
      email: 'owner@bayside.example',
      application_id: applicationId,
    });
    expect(answer.statusCode, answer.body.message).toBe(200);
    expect(answer.body.data.contact).toMatchObject({
      business_name: 'Bayside Bakery LLC',
      name: 'Bayside Bakery LLC',
    });
    expect((await application(applicationId)).client_name_id).toBe(String(answer.body.data.contact.id));
  });

  it('refuses invalid fields with the SPEC §5 messages, storing and linking nothing', async () => {
    const linked = (await application(applicationId)).client_name_id;
    const stored = await t.count('contacts');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...MARIA, phone: '305-555-014' }, 'phone', 'Invalid Phone number!'],
      [{ ...MARIA, phone: null }, 'phone', 'Invalid Phone number!'],
      [{ ...MARIA, email: 'maria@' }, 'email', 'Invalid Email!'],
      [{ ...MARIA, email: '  ' }, 'email', 'Invalid Email!'],
      [{ ...MARIA, owned_type: undefined }, 'owned_type', 'Owned Type cannot be empty!'],
      [{ ...MARIA, owned_type: 'Trust Owned' }, 'owned_type', 'Owned Type must be one of the listed options'],
      [{ ...MARIA, first_name: 'M' }, 'first_name', 'First Name must be at least 2 characters long'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create('agent', { ...body, application_id: applicationId });
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(answer.body.message).toBe(message);
      expect(answer.body.error_obj[field]).toBe(message);
    }
    expect(await t.count('contacts')).toBe(stored);
    expect((await application(applicationId)).client_name_id).toBe(linked);
  });

  it('answers Invalid Phone number! exactly for a phone under 14 characters (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[0-9() +-]{1,20}$/), async (phone) => {
        const answer = await create('agent', { ...MARIA, phone });
        const short = phone.trim().length < 14;
        expect(answer.statusCode).toBe(short ? 422 : 200);
        if (short) expect(answer.body.error_obj.phone).toBe('Invalid Phone number!');
      }),
      { numRuns: 15 },
    );
  });

  it("puts a contact made outside an application in the agent's book: their admin sees it, another agency does not", async () => {
    const answer = await create('agent', MARIA);
    expect(answer.statusCode, answer.body.message).toBe(200);
    const { contact } = answer.body.data;
    expect(answer.body.data.application_id).toBeNull();
    expect(contact.agent_id).toBe(t.seed.agentId);
    for (const who of ['agent', 'admin', 'superadmin']) {
      const read = await t.post('agent-portal/get-contact', {
        session_key: keys[who],
        contact_id: contact.id,
      });
      expect(read.statusCode, who).toBe(200);
      expect(read.body.data.contact).toEqual(contact);
    }
    for (const who of ['otheragent', 'otheradmin']) {
      const read = await t.post('agent-portal/get-contact', {
        session_key: keys[who],
        contact_id: contact.id,
      });
      expect(read.statusCode, who).toBe(404);
      expect(read.body.data).toBeNull();
    }
    const customer = await t.post('agent-portal/get-contact', {
      session_key: keys.customer,
      contact_id: contact.id,
    });
    expect(customer.statusCode).toBe(403);
  });

  it("updates a contact in place, refusing another agency's and invalid fields without a change", async () => {
    const { contact } = (await create('agent', MARIA)).body.data;
    const changed = await t.post('agent-portal/update-contact', {
      session_key: keys.agent,
      contact_id: contact.id,
      ...MARIA,
      last_name: 'Lopez-Garcia',
      email: 'maria@lopez.example',
    });
    expect(changed.statusCode, changed.body.message).toBe(200);
    expect(changed.body.data.contact).toMatchObject({
      last_name: 'Lopez-Garcia',
      email: 'maria@lopez.example',
    });
    const kept = await contactRow(contact.id);
    expect(kept).toMatchObject({ last_name: 'Lopez-Garcia', email: 'maria@lopez.example' });

    const refused = [
      await t.post('agent-portal/update-contact', {
        session_key: keys.otheradmin,
        contact_id: contact.id,
        ...MARIA,
      }),
      await t.post('agent-portal/update-contact', {
        session_key: keys.agent,
        contact_id: contact.id,
        ...MARIA,
        phone: '555',
      }),
      await t.post('agent-portal/update-contact', {
        session_key: keys.agent,
        contact_id: 2_000_000_000,
        ...MARIA,
      }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([404, 422, 404]);
    expect(refused[1].body.error_obj.phone).toBe('Invalid Phone number!');
    expect(await contactRow(contact.id)).toEqual(kept);
  });

  it("asks a super-admin for the application; refuses another agency's application, wrong types and customers", async () => {
    const stored = await t.count('contacts');
    const superAdmin = await create('superadmin', MARIA);
    expect(superAdmin.statusCode).toBe(422);
    expect(superAdmin.body.message).toBe(CONTACT_NEEDS_APPLICATION_MESSAGE);
    const linked = (await application(applicationId)).client_name_id;
    expect((await create('otheragent', { ...MARIA, application_id: applicationId })).statusCode).toBe(404);
    expect((await create('agent', { ...MARIA, phone: 3055550142 })).statusCode).toBe(400);
    expect((await create('agent', { ...MARIA, nickname: 'Mari' })).statusCode).toBe(400);
    expect((await create('customer', MARIA)).statusCode).toBe(403);
    expect(await t.count('contacts')).toBe(stored);
    expect((await application(applicationId)).client_name_id).toBe(linked);

    const fromApplication = await create('superadmin', { ...MARIA, application_id: applicationId });
    expect(fromApplication.statusCode, fromApplication.body.message).toBe(200);
    expect(fromApplication.body.data.contact.company_id).toBe((await application(applicationId)).company_id);
  });
});
