/**
 * The application calls of docs/api.md through app.inject: create, read, update, launch (errors
 * of SPEC §8, then quotes from several carriers through the worker), reset, delete, notes, and
 * access: another agent's application is 404, a customer is 403.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { examples } from '../../schemas/schema-set.ts';
import { companies } from '../../server/db/schema.ts';
import { insertNote } from '../../server/repositories/notes-repository.ts';
import { compiledSchemaSet } from '../../server/services/schema-engine.ts';
import { addAccount, companyOf } from './helpers/add-account.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const TABLES = ['applications', 'notes', 'quotes', 'quote_jobs'];

describe.each(DATABASE_KINDS)('applications on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let otherAgentKey: string;
  let adminKey: string;
  let otherAdminKey: string;
  let customerKey: string;
  let superKey: string;
  let otherAgentId: number;

  const primaryDoc = () => structuredClone(examples.primary as Doc);

  async function create(key: string, address: object = MIAMI, extra: object = {}) {
    return t.post('agent-portal/create-new-application', { session_key: key, address, ...extra });
  }

  async function createdId(key = agentKey, address: object = MIAMI, extra: object = {}): Promise<number> {
    const result = await create(key, address, extra);
    expect(result.statusCode, result.body.message).toBe(200);
    return result.body.data.application.id;
  }

  async function snapshot() {
    const counts: Record<string, number> = {};
    for (const table of TABLES) counts[table] = await t.count(table);
    return counts;
  }

  async function stored(id: number) {
    return (await t.post('agent-portal/get-application-by-id', { session_key: superKey, application_id: id }))
      .body.data.application;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const demoCompany = await companyOf(t.db, 'agent@demo.test');
    const other = await addAccount(t.db, {
      email: 'agent2@other.test',
      role: 'agent',
      companyName: 'Other Agency',
      licensedStates: ['FL'],
    });
    otherAgentId = other.agentId as number;
    await addAccount(t.db, { email: 'admin@other.test', role: 'admin', companyId: other.companyId });
    void demoCompany;
    [agentKey, otherAgentKey, adminKey, otherAdminKey, customerKey, superKey] = await Promise.all(
      [
        'agent@demo.test',
        'agent2@other.test',
        'admin@demo.test',
        'admin@other.test',
        'customer@demo.test',
        'superadmin@demo.test',
      ].map((email) => t.loginAs(email)),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('create-new-application', () => {
    it('stores the address and defaults, the client contact empty, and answers the application', async () => {
      const { statusCode, body } = await create(agentKey);
      expect(statusCode).toBe(200);
      const app = body.data.application;
      expect(app.id).toBeGreaterThan(0);
      expect(app.application_id).toBe(`RMGA${String(app.id).padStart(7, '0')}`);
      expect(app).toMatchObject({
        status: 'new',
        application_type: 'flood',
        carrier_quote_type: ['Primary'],
        is_cross_sale: false,
        min_quote_amount: null,
        application_relaunch_count: 0,
        application_source: 'Agent Portal',
        notes: [],
        quotes: [],
      });
      expect(typeof app.isItWorkingHour).toBe('boolean');
      const doc = app.payload.useable_details;
      expect(doc).toMatchObject({
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
        lat: 25.7953,
        lng: -80.1347,
      });
      // The client's phone and e-mail start empty for the agent to enter (issue 40, ADR 766).
      expect(doc.phone).toBeUndefined();
      expect(doc.email).toBeUndefined();
      // Schema defaults are applied (any field with a `default` in the schema set).
      const compiled = compiledSchemaSet();
      const withDefault = Object.entries(compiled.properties).filter(([, schema]) => 'default' in schema);
      expect(withDefault.length).toBeGreaterThan(0);
      for (const [field, schema] of withDefault) {
        if (!(field in MIAMI)) expect(doc[field], field).toEqual(schema.default);
      }
    });

    it("records one of the agency's active application sources and refuses any other, changing nothing", async () => {
      const adminCall = (path: string, body: object) => t.post(path, { session_key: adminKey, ...body });
      const added = await adminCall('portal-settings/application-sources/create', {
        item: { name: 'Realtor referral', is_active: true },
      });
      const off = await adminCall('portal-settings/application-sources/create', {
        item: { name: 'Retired mailer', is_active: false },
      });
      const referral = await create(agentKey, MIAMI, { application_source: 'Realtor referral' });
      expect(referral.body.data.application.application_source).toBe('Realtor referral');
      const portal = await create(agentKey, MIAMI, { application_source: 'Agent Portal' });
      expect(portal.body.data.application.application_source).toBe('Agent Portal');
      const before = await snapshot();
      for (const source of ['Retired mailer', 'Billboard']) {
        const refused = await create(agentKey, MIAMI, { application_source: source });
        expect([refused.statusCode, refused.body.message]).toEqual([
          422,
          'Choose one of the application sources of your agency.',
        ]);
      }
      expect(await snapshot()).toEqual(before);
      for (const answer of [added, off])
        await adminCall('portal-settings/application-sources/delete', {
          item_id: answer.body.data.settings.application_sources.at(-1).id,
        });
    });

    it('refuses a state the agent is not licensed in with the exact SPEC §8 message', async () => {
      const before = await snapshot();
      const { statusCode, body } = await create(agentKey, { ...MIAMI, state: 'CA', zip: '90210' });
      expect(statusCode).toBe(422);
      expect(body.message).toBe("Invalid state! Agent don't have license for the given address state.");
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a state the agency is not approved for, even where the agent is licensed, and changes nothing', async () => {
      // Other Agency is approved for FL only; its new agent is licensed in FL and GA.
      const other = await companyOf(t.db, 'agent2@other.test');
      await t.db
        .update(companies)
        .set({ approved_states: ['FL'] })
        .where(eq(companies.id, other));
      const licensedInGeorgia = await addAccount(t.db, {
        email: `ga.agent.${kind}@other.test`,
        role: 'agent',
        companyId: other,
        licensedStates: ['FL', 'GA'],
      });
      const key = await t.loginAs(`ga.agent.${kind}@other.test`);
      const before = await snapshot();
      const { statusCode, body } = await create(key, {
        ...MIAMI,
        state: 'GA',
        city: 'Atlanta',
        zip: '30303',
      });
      expect(statusCode).toBe(422);
      expect(body.message).toBe('Invalid state! Agency is not approved for the given address state.');
      expect(await snapshot()).toEqual(before);
      // Approved and licensed: created.
      expect((await create(key, MIAMI)).statusCode).toBe(200);
      // An agency with no approved-states list yet is not restricted.
      await t.db.update(companies).set({ approved_states: [] }).where(eq(companies.id, other));
      const georgia = await create(key, { ...MIAMI, state: 'GA', city: 'Atlanta', zip: '30303' });
      expect(georgia.statusCode, georgia.body.message).toBe(200);
      expect(georgia.body.data.application.agent_id).toBe(licensedInGeorgia.agentId);
    });

    it('lets an agent create only for themself, and an admin only for their company', async () => {
      expect((await create(agentKey, MIAMI, { agent_id: otherAgentId })).statusCode).toBe(403);
      expect((await create(adminKey, MIAMI, { agent_id: otherAgentId })).statusCode).toBe(403);
      const byOtherAdmin = await create(otherAdminKey, MIAMI, { agent_id: otherAgentId });
      expect(byOtherAdmin.statusCode).toBe(200);
      expect(byOtherAdmin.body.data.application.agent_id).toBe(otherAgentId);
      const customer = await create(customerKey);
      expect(customer.statusCode).toBe(403);
      expect(customer.body.message).toBe('Forbidden.');
    });

    it('answers bad bodies with 400 and changes nothing', async () => {
      const before = await snapshot();
      const bad: unknown[] = [
        { session_key: agentKey },
        { session_key: agentKey, address: { ...MIAMI, zip: 'abc' } },
        { session_key: agentKey, address: { ...MIAMI, extra: 1 } },
        { session_key: agentKey, address: MIAMI, unknown: true },
        { session_key: agentKey, address: { ...MIAMI, city: 'x'.repeat(5000) } },
        { session_key: agentKey, address: MIAMI, carrier_quote_type: 'Life' },
        { session_key: agentKey, address: MIAMI, agent_id: 'one' },
        { session_key: agentKey, address: [] },
      ];
      for (const body of bad) {
        const result = await t.post('agent-portal/create-new-application', body);
        expect(result.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(result.body.message).toMatch(/^Invalid request: /);
        expect(result.body.error_obj).not.toBeNull();
      }
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/agent-portal/create-new-application',
        headers: { 'content-type': 'application/json' },
        payload: `{"session_key":"${agentKey}", "address": {`,
      });
      expect(raw.statusCode).toBe(400);
      expect(raw.json().status).toBe('error');
      expect(await snapshot()).toEqual(before);
    });

    it('never answers 500 to arbitrary bodies (property)', async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              address: fc.oneof(
                fc.anything(),
                fc.record({ state: fc.string(), zip: fc.string(), city: fc.anything() }),
              ),
              agent_id: fc.anything(),
              carrier_quote_type: fc.anything(),
            },
            { requiredKeys: [] },
          ),
          async (body) => {
            const result = await t.post('agent-portal/create-new-application', {
              session_key: agentKey,
              ...body,
            });
            expect(result.statusCode).toBeLessThan(500);
            expect(result.body.status).toBe(result.statusCode === 200 ? 'success' : 'error');
          },
        ),
        { numRuns: 40 },
      );
      // No generated address has every required part, so none may have created anything.
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('get-application-by-id and access', () => {
    it('answers the owner, their admin and the super-admin; 404 to anyone else', async () => {
      const id = await createdId();
      for (const key of [agentKey, adminKey, superKey]) {
        const result = await t.post('agent-portal/get-application-by-id', {
          session_key: key,
          application_id: id,
        });
        expect(result.statusCode).toBe(200);
        expect(result.body.data.application.id).toBe(id);
      }
      for (const key of [otherAgentKey, otherAdminKey]) {
        const result = await t.post('agent-portal/get-application-by-id', {
          session_key: key,
          application_id: String(id),
        });
        expect(result.statusCode).toBe(404);
        expect(result.body.message).toBe('Application not found.');
      }
      const customer = await t.post('agent-portal/get-application-by-id', {
        session_key: customerKey,
        application_id: id,
      });
      expect(customer.statusCode).toBe(403);
      const missing = await t.post('agent-portal/get-application-by-id', {
        session_key: agentKey,
        application_id: 999_999,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('other agents cannot change it either, and nothing changes', async () => {
      const id = await createdId();
      const before = await stored(id);
      for (const [path, extra] of [
        ['update-application', { address_details: { first_name: 'Mallory' } }],
        ['launch-application', { address_details: {} }],
        ['reset-application', {}],
        ['delete-application-by-id', { delete_all_related_applications: true }],
      ] as const) {
        const result = await t.post(`agent-portal/${path}`, {
          session_key: otherAgentKey,
          application_id: id,
          ...extra,
        });
        expect(result.statusCode, path).toBe(404);
      }
      expect(await stored(id)).toEqual({ ...before, isItWorkingHour: expect.any(Boolean) });
    });
  });

  describe('update-application', () => {
    it('saves fields, bumps the version and keeps the rest', async () => {
      const id = await createdId();
      const before = await stored(id);
      const result = await t.post('agent-portal/update-application', {
        session_key: agentKey,
        application_id: id,
        address_details: { first_name: 'Maria', last_name: 'Lopez' },
      });
      expect(result.statusCode, result.body.message).toBe(200);
      const app = result.body.data.application;
      expect(app.payload.useable_details.first_name).toBe('Maria');
      expect(app.payload.useable_details.city).toBe('Miami Beach');
      expect(app.version).toBe(before.version + 1);
    });

    it('refuses wrong types or options with 422, the first message and error_obj, changing nothing', async () => {
      const id = await createdId();
      const before = await stored(id);
      const result = await t.post('agent-portal/update-application', {
        session_key: agentKey,
        application_id: id,
        address_details: { deductible: 'lots', not_a_field: 1 },
      });
      expect(result.statusCode).toBe(422);
      expect(typeof result.body.message).toBe('string');
      expect(result.body.message.length).toBeGreaterThan(0);
      expect(Object.keys(result.body.error_obj)).toEqual(
        expect.arrayContaining(['deductible', 'not_a_field']),
      );
      expect(result.body.message).toBe(Object.values(result.body.error_obj)[0]);
      expect(await stored(id)).toEqual({ ...before, isItWorkingHour: expect.any(Boolean) });
    });

    it('answers 400 for a huge or nested value', async () => {
      const id = await createdId();
      for (const address_details of [
        { first_name: 'x'.repeat(20_000) },
        { first_name: { nested: true } },
        [],
      ]) {
        const result = await t.post('agent-portal/update-application', {
          session_key: agentKey,
          application_id: id,
          address_details,
        });
        expect(result.statusCode).toBe(400);
      }
      const nul = await t.post('agent-portal/update-application', {
        session_key: agentKey,
        application_id: id,
        address_details: { first_name: 'a\u0000b' },
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.body.error_obj).toEqual({ 'body.address_details.first_name': expect.any(String) });
      const outOfRange = await t.post('agent-portal/get-application-by-id', {
        session_key: agentKey,
        application_id: '9999999999',
      });
      expect(outOfRange.statusCode).toBe(404);
      // The session's statement reads the id before validation: an object or array id whose own
      // toString is not a function answered 500 (the fuzz suite drew [{"toString":false}]).
      for (const application_id of [[{ toString: false }], { toString: false }, [id], null, true]) {
        const odd = await t.post('agent-portal/get-application-by-id', {
          session_key: agentKey,
          application_id,
        });
        expect(odd.statusCode, JSON.stringify(application_id)).toBe(400);
        expect(odd.body.error_obj).toEqual({ 'body.application_id': expect.any(String) });
      }
    });
  });

  describe('launch-application', () => {
    it('answers the first validation message, error_obj by field and data.messages', async () => {
      const id = await createdId();
      const doc = primaryDoc();
      doc.phone = '123';
      const before = await stored(id);
      const result = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: doc,
      });
      expect(result.statusCode).toBe(422);
      expect(result.body.message).toBe(messageTexts.invalid_phone_number);
      expect(result.body.error_obj.phone).toBe(messageTexts.invalid_phone_number);
      expect(result.body.data.messages[0]).toMatchObject({
        field: 'phone',
        message: messageTexts.invalid_phone_number,
      });
      // A failed launch changes nothing.
      expect(await stored(id)).toEqual({ ...before, isItWorkingHour: expect.any(Boolean) });
    });

    it('reports a field required by its required_when as required:<field>', async () => {
      const id = await createdId();
      const doc = { ...primaryDoc(), elevation_certificate: 'Yes', flood_zone: 'AE', bfe_elevation: null };
      const result = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: doc,
      });
      expect(result.statusCode).toBe(422);
      expect(result.body.data.messages).toContainEqual(
        expect.objectContaining({ field: 'bfe_elevation', rule_id: 'required:bfe_elevation' }),
      );
    });

    it('reports every broken field in form order', async () => {
      const id = await createdId();
      const doc = primaryDoc();
      doc.email = 'not-an-email';
      doc.phone = '123';
      const result = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: doc,
      });
      expect(result.statusCode).toBe(422);
      expect(Object.values(result.body.error_obj)).toEqual(
        expect.arrayContaining([messageTexts.invalid_phone_number, messageTexts.invalid_email]),
      );
      expect(result.body.message).toBe(Object.values(result.body.error_obj)[0]);
    });

    it('stops on an underwriting block with its message and data.outcomes', async () => {
      const compiled = compiledSchemaSet();
      const ctx = { product: 'Primary', application_type: 'flood', status: 'new' };
      const { evaluateLogic } = await import('../../engine/evaluate-logic.ts');
      const doc = primaryDoc();
      const table = compiled.set.outcome_tables.find((tb) => evaluateLogic(tb.when, { doc, ctx }));
      const block = table?.questions.find((q) => q.outcome === 'block');
      expect(block, 'a Primary block question').toBeDefined();
      if (!block) return;
      doc[block.field] = block.when_answer;
      const id = await createdId();
      const result = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: doc,
      });
      expect(result.statusCode).toBe(422);
      expect(result.body.message).toBe(block.message);
      expect(result.body.data.outcomes).toEqual(
        expect.arrayContaining([expect.objectContaining({ question_id: block.id, outcome: 'block' })]),
      );
      expect((await stored(id)).status).toBe('new');
    });

    it('refuses a home application with the SPEC §8 message', async () => {
      const id = await createdId(agentKey, MIAMI, { application_type: 'home' });
      const result = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: {},
      });
      expect(result.statusCode).toBe(422);
      expect(result.body.message).toBe('Application type is not supported yet.');
    });

    it('launches, quotes through several carriers and completes with the cheapest premium', async () => {
      const id = await createdId();
      const doc = primaryDoc();
      const result = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: doc,
      });
      expect(result.statusCode, `${result.body.message} ${JSON.stringify(result.body.error_obj)}`).toBe(200);
      const launched = result.body.data.application;
      expect(launched.status).toBe('launched');
      expect(launched.launched_at).not.toBeNull();
      expect(Array.isArray(result.body.data.warnings)).toBe(true);
      const carriers = new Set(launched.quotes.map((q: { carrier: string }) => q.carrier));
      expect(carriers.size).toBeGreaterThan(1);
      expect(launched.quotes.every((q: { status: string }) => q.status === 'pending')).toBe(true);
      expect(await t.count('quote_jobs')).toBeGreaterThanOrEqual(launched.quotes.length);

      // Launching again is a 409.
      const again = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: doc,
      });
      expect(again.statusCode).toBe(409);
      expect(again.body.message).toBe('Application is already launched.');
      const update = await t.post('agent-portal/update-application', {
        session_key: agentKey,
        application_id: id,
        address_details: {},
      });
      expect(update.statusCode).toBe(409);

      await t.app.quoteWorker.drain();
      const done = await stored(id);
      expect(done.status).toBe('completed');
      const quoted = done.quotes.filter((q: { status: string }) => q.status === 'quoted');
      expect(quoted.length).toBeGreaterThan(0);
      expect(done.quotes.every((q: { status: string }) => q.status !== 'pending')).toBe(true);
      expect(done.min_quote_amount).toBe(Math.min(...quoted.map((q: { premium: number }) => q.premium)));

      // Reset: status new, quotes and jobs gone, relaunch count + 1.
      const reset = await t.post('agent-portal/reset-application', {
        session_key: agentKey,
        application_id: id,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.body.data.application).toMatchObject({
        status: 'new',
        quotes: [],
        min_quote_amount: null,
        application_relaunch_count: 1,
      });
      expect(reset.body.data.application.payload.useable_details.first_name).toBe(doc.first_name);
    });
  });

  describe('delete-application-by-id', () => {
    it('deletes one, or every related one of the same agent and address', async () => {
      const address = {
        ...MIAMI,
        searched_address: '9 Delete Ln, Miami Beach, FL 33139',
        address1: '9 Delete Ln',
      };
      const a = await createdId(agentKey, address);
      const b = await createdId(agentKey, address);
      const c = await createdId(agentKey, address);
      const elsewhere = await createdId(agentKey);
      const single = await t.post('agent-portal/delete-application-by-id', {
        session_key: agentKey,
        application_id: a,
      });
      expect(single.body.data.deleted_ids).toEqual([a]);
      const all = await t.post('agent-portal/delete-application-by-id', {
        session_key: agentKey,
        application_id: b,
        delete_all_related_applications: true,
      });
      expect(all.statusCode).toBe(200);
      expect(all.body.data.deleted_ids).toEqual([b, c]);
      for (const id of [a, b, c])
        expect(
          (await t.post('agent-portal/get-application-by-id', { session_key: agentKey, application_id: id }))
            .statusCode,
        ).toBe(404);
      expect(
        (
          await t.post('agent-portal/get-application-by-id', {
            session_key: agentKey,
            application_id: elsewhere,
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('toggle-application-alert-note', () => {
    it('flips is_alert and answers the note with its colour', async () => {
      const id = await createdId();
      const note = await insertNote(t.db, id, {
        is_alert: true,
        is_active: true,
        sent_by: 'auto_launch',
        status: 'failed',
        message: 'x',
      });
      const first = await t.post('agent-portal/toggle-application-alert-note', {
        session_key: agentKey,
        application_id: id,
        note_id: note.id,
      });
      expect(first.statusCode).toBe(200);
      expect(first.body.data.note.payload.is_alert).toBe(false);
      expect(first.body.data.note.color).toBe('red');
      const second = await t.post('agent-portal/toggle-application-alert-note', {
        session_key: agentKey,
        application_id: id,
        note_id: note.id,
      });
      expect(second.body.data.note.payload.is_alert).toBe(true);
      const app = await stored(id);
      expect(app.notes[0]).toMatchObject({ id: note.id, color: 'red' });
      const other = await t.post('agent-portal/toggle-application-alert-note', {
        session_key: otherAgentKey,
        application_id: id,
        note_id: note.id,
      });
      expect(other.statusCode).toBe(404);
    });
  });
});
