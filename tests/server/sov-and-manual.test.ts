/**
 * Issue 3 calls through app.inject on PGlite (and PostgreSQL with TEST_DATABASE_URL): launching
 * to SOV and manual carriers, a manual quote recorded by the demo admin and seen by the agent
 * beside the automatic quotes with its document, reactivation, the sov-quote calls with SPEC §2's
 * three 404 texts and the valid case, completion that ignores SOV and manual quotes, the SPEC §4
 * placeholder phone, access, and bad bodies that change nothing.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCarriers } from '../../carrier-catalog/manual-carriers.ts';
import { sovCarriers } from '../../carrier-catalog/sov-carriers.ts';
import type { Doc } from '../../engine/types.ts';
import { examples, placeholders } from '../../schemas/schema-set.ts';
import { applications } from '../../server/db/schema.ts';
import { sovPremium } from '../../server/quoting/sandbox-quote-manager.ts';
import { updateQuote } from '../../server/repositories/quotes-repository.ts';
import { MAX_DOCUMENT_BYTES } from '../../server/services/document-upload.ts';
import { addAccount, companyOf } from './helpers/add-account.ts';
import { MIAMI, SOV_BUILDING } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const TABLES = ['applications', 'quotes', 'quote_jobs', 'files', 'statements_of_values'];

/** A tiny but well-formed PDF (starts with %PDF). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// A manual carrier that writes Commercial in Florida, and one that does not write Commercial.
const COMMERCIAL_MANUAL = manualCarriers().find(
  (c) => c.quote_types.includes('Commercial') && c.states.includes('FL'),
)?.carrier as string;
const NON_COMMERCIAL_MANUAL = manualCarriers().find(
  (c) => !c.quote_types.includes('Commercial') && c.states.includes('FL'),
)?.carrier as string;
const FL_SOV = sovCarriers()
  .filter((c) => c.states.includes('FL'))
  .map((c) => c.quote_manager_id);

describe.each(DATABASE_KINDS)('SOV and manual carriers on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let adminKey: string;
  let superKey: string;
  let customerKey: string;
  let otherAgentKey: string;
  let otherAdminKey: string;

  async function snapshot() {
    const counts: Record<string, number> = {};
    for (const table of TABLES) counts[table] = await t.count(table);
    return counts;
  }

  async function createApp(product: string, key = agentKey): Promise<number> {
    const result = await t.post('agent-portal/create-new-application', {
      session_key: key,
      carrier_quote_type: product,
      address: MIAMI,
    });
    expect(result.statusCode, result.body.message).toBe(200);
    return result.body.data.application.id;
  }

  async function launch(id: number, doc: Doc, key = agentKey) {
    const result = await t.post('agent-portal/launch-application', {
      session_key: key,
      application_id: id,
      address_details: doc,
    });
    expect(result.statusCode, `${result.body.message} ${JSON.stringify(result.body.error_obj)}`).toBe(200);
    return result.body.data.application;
  }

  /** A commercial application launched and, after the worker ran, completed. */
  async function launchedCommercial(key = agentKey): Promise<number> {
    const id = await createApp('Commercial', key);
    await launch(id, structuredClone(examples.commercial), key);
    await t.app.quoteWorker.drain();
    return id;
  }

  async function application(id: number, key = superKey) {
    const result = await t.post('agent-portal/get-application-by-id', {
      session_key: key,
      application_id: id,
    });
    expect(result.statusCode, result.body.message).toBe(200);
    return result.body.data.application;
  }

  const launchSov = (id: number | string, list: unknown, key = agentKey) =>
    t.post('agent-portal/launch-application-sov-carriers', {
      session_key: key,
      application_id: id,
      sov_carrier_names_list: list,
    });
  const launchManual = (id: number | string, list: unknown, key = agentKey) =>
    t.post('agent-portal/launch-application-manual-carriers', {
      session_key: key,
      application_id: id,
      manual_carrier_names_list: list,
    });
  const record = (body: Record<string, unknown>, key = adminKey) =>
    t.post('agent-portal/record-manual-quote', { session_key: key, ...body });
  const getSov = (carrier_id: unknown, application_id: unknown, key = agentKey) =>
    t.post('sov/get-sov-quote', { session_key: key, carrier_id, application_id });
  const submitSov = (carrier_id: unknown, application_id: unknown, buildings: unknown, key = agentKey) =>
    t.post('sov/submit-statement-of-values', { session_key: key, carrier_id, application_id, buildings });
  const fileOf = (url: string, key?: string) =>
    t.app.inject({ method: 'GET', url, query: key === undefined ? {} : { session_key: key } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const other = await addAccount(t.db, {
      email: 'agent2@other.test',
      role: 'agent',
      companyName: 'Other Agency',
      licensedStates: ['FL'],
    });
    await addAccount(t.db, { email: 'admin@other.test', role: 'admin', companyId: other.companyId });
    expect(await companyOf(t.db, 'admin@demo.test')).toBe(await companyOf(t.db, 'agent@demo.test'));
    [agentKey, adminKey, superKey, customerKey, otherAgentKey, otherAdminKey] = await Promise.all(
      [
        'agent@demo.test',
        'admin@demo.test',
        'superadmin@demo.test',
        'customer@demo.test',
        'agent2@other.test',
        'admin@other.test',
      ].map((email) => t.loginAs(email)),
    );
    expect(COMMERCIAL_MANUAL).toBeTruthy();
    expect(NON_COMMERCIAL_MANUAL).toBeTruthy();
    expect(FL_SOV).toContain('tmh');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('SPEC §4 placeholder phone of a new commercial application', () => {
    /** An application created before issue 40, whose stored document still holds the placeholders. */
    async function createWithPlaceholders(product: string): Promise<number> {
      const id = await createApp(product);
      const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
      const doc = { ...(row.useable_details as Doc), phone: placeholders.phone, email: placeholders.email };
      await t.db.update(applications).set({ useable_details: doc }).where(eq(applications.id, id));
      return id;
    }

    it('starts with no phone or e-mail: nothing to clear (issue 40)', async () => {
      const created = await application(await createApp('Commercial'), agentKey);
      expect(created.payload.useable_details.phone).toBeUndefined();
      expect(created.payload.useable_details.email).toBeUndefined();
    });

    it('is answered cleared for a new commercial application and kept for other products', async () => {
      const commercial = await application(await createWithPlaceholders('Commercial'), agentKey);
      expect(commercial.payload.useable_details.phone).toBe('');
      expect(commercial.payload.useable_details.email).toBe(placeholders.email);
      const primary = await application(await createWithPlaceholders('Primary'), agentKey);
      expect(primary.payload.useable_details.phone).toBe(placeholders.phone);
    });

    it('is stored cleared by the next save, so the placeholder can never be launched', async () => {
      const id = await createWithPlaceholders('Commercial');
      const saved = await t.post('agent-portal/update-application', {
        session_key: agentKey,
        application_id: id,
        address_details: { first_name: 'Dana' },
      });
      expect(saved.statusCode).toBe(200);
      const { phone: _phone, ...withoutPhone } = structuredClone(examples.commercial);
      const launched = await t.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: withoutPhone,
      });
      expect(launched.statusCode).toBe(422);
      expect(launched.body.error_obj).toHaveProperty('phone');
    });

    it('keeps a real phone, and a launched commercial application keeps its phone', async () => {
      const id = await launchedCommercial();
      const app = await application(id, agentKey);
      expect(app.status).not.toBe('new');
      expect(app.payload.useable_details.phone).toBe(structuredClone(examples.commercial).phone);
    });
  });

  describe('launch-application-sov-carriers', () => {
    it('adds one pending sov quote per carrier, once, beside the automatic quotes', async () => {
      const id = await launchedCommercial();
      const before = await application(id);
      expect(before.status).toBe('completed');
      const automatic = before.quotes.length;
      expect(automatic).toBeGreaterThan(0);
      expect(before.quotes.every((q: { source: string }) => q.source === 'automatic')).toBe(true);

      const { statusCode, body } = await launchSov(id, ['tmh', 'joe_flood']);
      expect(statusCode).toBe(200);
      const sov = body.data.application.quotes.filter((q: { source: string }) => q.source === 'sov');
      expect(sov).toHaveLength(2);
      for (const quote of sov) {
        expect(quote).toMatchObject({
          status: 'pending',
          message: 'Statement of values needed.',
          premium: null,
          document: null,
        });
      }
      expect(sov.map((q: { display_name: string }) => q.display_name).sort()).toEqual(
        sovCarriers()
          .filter((c) => ['tmh', 'joe_flood'].includes(c.quote_manager_id))
          .map((c) => c.display_name)
          .sort(),
      );
      // Pending SOV quotes do not reopen a completed application.
      expect(body.data.application.status).toBe('completed');

      const again = await launchSov(id, ['tmh', 'ftp']);
      expect(again.statusCode).toBe(200);
      expect(again.body.data.application.quotes).toHaveLength(automatic + 3);
    });

    it('answers 409 before the launch and 422 for a non-commercial application, changing nothing', async () => {
      const fresh = await createApp('Commercial');
      const primary = await createApp('Primary');
      await launch(primary, structuredClone(examples.primary as Doc));
      const before = await snapshot();
      const notLaunched = await launchSov(fresh, ['tmh']);
      expect(notLaunched.statusCode).toBe(409);
      expect(notLaunched.body.message).toBe('Launch the application first.');
      const wrongType = await launchSov(primary, ['tmh']);
      expect(wrongType.statusCode).toBe(422);
      expect(wrongType.body.message).toBe('Application Type is not supported for this carrier.');
      expect(await snapshot()).toEqual(before);
    });

    it('rejects bad bodies with 400 and changes nothing', async () => {
      const id = await launchedCommercial();
      const before = await snapshot();
      for (const list of [[], ['wright'], ['tmh', 'tmh'], 'tmh', [1], null]) {
        const result = await launchSov(id, list);
        expect(result.statusCode, JSON.stringify(list)).toBe(400);
        expect(result.body.message).toMatch(/^Invalid request: /);
      }
      expect(
        (
          await t.post('agent-portal/launch-application-sov-carriers', {
            session_key: agentKey,
            application_id: id,
          })
        ).statusCode,
      ).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('is the agent’s own and the admin’s company’s; others get 404, customers 403, no key 401', async () => {
      const id = await launchedCommercial();
      expect((await launchSov(id, ['tmh'], otherAgentKey)).statusCode).toBe(404);
      expect((await launchSov(id, ['tmh'], otherAdminKey)).statusCode).toBe(404);
      expect((await launchSov(id, ['tmh'], customerKey)).statusCode).toBe(403);
      const anonymous = await t.post('agent-portal/launch-application-sov-carriers', {
        application_id: id,
        sov_carrier_names_list: ['tmh'],
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body.message).toBe('Invalid Details');
      expect((await launchSov(id, ['tmh'], adminKey)).statusCode).toBe(200);
    });
  });

  describe('launch-application-manual-carriers', () => {
    it('adds a pending manual quote per carrier, once', async () => {
      const id = await launchedCommercial();
      const { statusCode, body } = await launchManual(id, [COMMERCIAL_MANUAL]);
      expect(statusCode).toBe(200);
      const manual = body.data.application.quotes.filter((q: { source: string }) => q.source === 'manual');
      expect(manual).toHaveLength(1);
      expect(manual[0]).toMatchObject({
        carrier: COMMERCIAL_MANUAL,
        status: 'pending',
        message: 'Waiting for the underwriter.',
        document: null,
      });
      const again = await launchManual(id, [COMMERCIAL_MANUAL]);
      expect(
        again.body.data.application.quotes.filter((q: { source: string }) => q.source === 'manual'),
      ).toHaveLength(1);
    });

    it('refuses a carrier that does not write the product (422), before the launch (409), unknown names (400)', async () => {
      const id = await launchedCommercial();
      const fresh = await createApp('Commercial');
      const before = await snapshot();
      const product = await launchManual(id, [COMMERCIAL_MANUAL, NON_COMMERCIAL_MANUAL]);
      expect(product.statusCode).toBe(422);
      expect(product.body.message).toBe('Application Type is not supported for this carrier.');
      const notLaunched = await launchManual(fresh, [COMMERCIAL_MANUAL]);
      expect(notLaunched.statusCode).toBe(409);
      expect(notLaunched.body.message).toBe('Launch the application first.');
      expect((await launchManual(id, ['nobody'])).statusCode).toBe(400);
      expect((await launchManual(id, [])).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('completion ignores SOV and manual quotes', () => {
    it('completes a launched application when its automatic quotes are answered', async () => {
      const id = await createApp('Commercial');
      const launched = await launch(id, structuredClone(examples.commercial));
      expect(launched.status).toBe('launched');
      expect((await launchSov(id, ['tmh'])).statusCode).toBe(200);
      expect((await launchManual(id, [COMMERCIAL_MANUAL])).statusCode).toBe(200);
      await t.app.quoteWorker.drain();
      const app = await application(id);
      expect(app.status).toBe('completed');
      const pending = app.quotes.filter((q: { status: string }) => q.status === 'pending');
      expect(pending.map((q: { source: string }) => q.source).sort()).toEqual(['manual', 'sov']);
      expect(
        app.quotes
          .filter((q: { source: string }) => q.source === 'automatic')
          .every((q: { status: string }) => q.status !== 'pending'),
      ).toBe(true);
    });
  });

  describe('record-manual-quote', () => {
    async function manualQuoteOf(id: number): Promise<number> {
      const result = await launchManual(id, [COMMERCIAL_MANUAL]);
      return result.body.data.application.quotes.find((q: { source: string }) => q.source === 'manual').id;
    }

    it('lets the demo admin record a quote with a document that the agent then sees beside the automatic ones', async () => {
      const id = await launchedCommercial();
      const quoteId = await manualQuoteOf(id);
      const { statusCode, body } = await record({
        application_id: id,
        quote_id: quoteId,
        status: 'quoted',
        premium: 1234.5,
        coverages: { building_limit: 500_000, contents_limit: 100_000, deductible: 10_000 },
        message: 'Bound on request.',
        document: {
          name: 'quote.pdf',
          content_base64: PDF.toString('base64'),
          content_type: 'application/pdf',
        },
      });
      expect(statusCode, body.message).toBe(200);

      const seen = await application(id, agentKey);
      const manual = seen.quotes.find((q: { id: number }) => q.id === quoteId);
      expect(manual).toMatchObject({
        source: 'manual',
        status: 'quoted',
        premium: 1234.5,
        coverages: { building_limit: 500_000, contents_limit: 100_000, deductible: 10_000 },
        message: 'Bound on request.',
        indicative: false,
        document: { name: 'quote.pdf' },
      });
      expect(manual.answered_at).not.toBeNull();
      expect(
        seen.quotes.some(
          (q: { source: string; status: string }) => q.source === 'automatic' && q.status === 'quoted',
        ),
      ).toBe(true);
      // The cheapest premium of any source is the application's minimum.
      const quotedPremiums = seen.quotes
        .filter((q: { status: string }) => q.status === 'quoted')
        .map((q: { premium: number }) => q.premium);
      expect(seen.min_quote_amount).toBe(Math.min(...quotedPremiums));

      expect(manual.document.url).toMatch(/^\/api\/files\/[0-9]+$/);
      const file = await fileOf(manual.document.url, agentKey);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('quote.pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect((await fileOf(manual.document.url, adminKey)).statusCode).toBe(200);
      const anonymous = await fileOf(manual.document.url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Invalid Details');
      expect((await fileOf(manual.document.url, 'not-a-key')).statusCode).toBe(401);
      for (const stranger of [otherAgentKey, otherAdminKey]) {
        const denied = await fileOf(manual.document.url, stranger);
        expect(denied.statusCode).toBe(404);
        expect(denied.json().message).toBe('File not found.');
      }
      // Customers are refused as on every application call.
      expect((await fileOf(manual.document.url, customerKey)).statusCode).toBe(403);
      expect((await fileOf('/api/files/999999', agentKey)).statusCode).toBe(404);
      expect((await fileOf('/api/files/abc', agentKey)).statusCode).toBe(400);

      // A new document replaces the old one; null removes it.
      const replaced = await record({
        application_id: id,
        quote_id: quoteId,
        status: 'quoted',
        premium: 1200,
        document: {
          name: 'notes.txt',
          content_base64: Buffer.from('revised').toString('base64'),
          content_type: 'text/plain',
        },
      });
      expect(replaced.statusCode).toBe(200);
      expect((await fileOf(manual.document.url, agentKey)).statusCode).toBe(404);
      const removed = await record({
        application_id: id,
        quote_id: quoteId,
        status: 'declined',
        document: null,
      });
      expect(removed.statusCode).toBe(200);
      const declined = removed.body.data.application.quotes.find((q: { id: number }) => q.id === quoteId);
      expect(declined).toMatchObject({ status: 'declined', premium: null, document: null });
    });

    it('is for admins of the company only: agent 403, other company 404, customer 403; nothing changes', async () => {
      const id = await launchedCommercial();
      const quoteId = await manualQuoteOf(id);
      const body = { application_id: id, quote_id: quoteId, status: 'quoted', premium: 900 };
      const before = await snapshot();
      const byAgent = await record(body, agentKey);
      expect(byAgent.statusCode).toBe(403);
      expect((await record(body, otherAdminKey)).statusCode).toBe(404);
      expect((await record(body, customerKey)).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      const quote = (await application(id)).quotes.find((q: { id: number }) => q.id === quoteId);
      expect(quote.status).toBe('pending');
      expect((await record(body, superKey)).statusCode).toBe(200);
    });

    it('refuses automatic quotes (422), unknown quotes (404) and bad bodies (400), changing nothing', async () => {
      const id = await launchedCommercial();
      const quoteId = await manualQuoteOf(id);
      const automaticId = (await application(id)).quotes.find(
        (q: { source: string }) => q.source === 'automatic',
      ).id;
      const before = await snapshot();
      const automatic = await record({
        application_id: id,
        quote_id: automaticId,
        status: 'quoted',
        premium: 5,
      });
      expect(automatic.statusCode).toBe(422);
      expect(automatic.body.message).toBe('Only a manual quote can be recorded.');
      expect((await record({ application_id: id, quote_id: 999_999, status: 'declined' })).statusCode).toBe(
        404,
      );
      const doc = (content_base64: string, content_type = 'application/pdf') => ({
        name: 'q.pdf',
        content_base64,
        content_type,
      });
      const bad: Record<string, unknown>[] = [
        { status: 'quoted' },
        { status: 'quoted', premium: 0 },
        { status: 'quoted', premium: -5 },
        { status: 'quoted', premium: '100' },
        { status: 'declined', premium: 100 },
        { status: 'pending' },
        { status: 'quoted', premium: 100, coverages: { 'Bad Key': 1 } },
        { status: 'quoted', premium: 100, coverages: { limit: { nested: true } } },
        { status: 'quoted', premium: 100, extra: true },
        { status: 'quoted', premium: 100, document: doc('not base64!') },
        { status: 'quoted', premium: 100, document: doc(Buffer.from('hello').toString('base64')) },
        { status: 'quoted', premium: 100, document: doc(PDF.toString('base64'), 'text/html') },
        {
          status: 'quoted',
          premium: 100,
          document: { ...doc(PDF.toString('base64')), name: '../etc/passwd' },
        },
        { status: 'quoted', premium: 100, document: doc(PDF.toString('base64').replace(/=+$/, '')) },
      ];
      for (const extra of bad) {
        const result = await record({ application_id: id, quote_id: quoteId, ...extra });
        expect(result.statusCode, JSON.stringify(extra).slice(0, 200)).toBe(400);
        expect(result.body.message).toMatch(/^Invalid request: /);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('caps a document at 5 MB', async () => {
      const id = await launchedCommercial();
      const quoteId = await manualQuoteOf(id);
      const before = await snapshot();
      const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
      PDF.copy(big);
      const tooBig = await record({
        application_id: id,
        quote_id: quoteId,
        status: 'quoted',
        premium: 100,
        document: {
          name: 'big.pdf',
          content_base64: big.toString('base64'),
          content_type: 'application/pdf',
        },
      });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.body.message).toContain(`at most ${MAX_DOCUMENT_BYTES} bytes`);
      expect(await snapshot()).toEqual(before);
      const fits = await record({
        application_id: id,
        quote_id: quoteId,
        status: 'quoted',
        premium: 100,
        document: {
          name: 'big.pdf',
          content_base64: big.subarray(0, MAX_DOCUMENT_BYTES).toString('base64'),
          content_type: 'application/pdf',
        },
      });
      expect(fits.statusCode, fits.body.message).toBe(200);
    });
  });

  describe('reactivate-carrier', () => {
    it('puts a declined manual quote back to waiting, and refuses pending or quoted ones (409)', async () => {
      const id = await launchedCommercial();
      const launched = await launchManual(id, [COMMERCIAL_MANUAL]);
      const quoteId = launched.body.data.application.quotes.find(
        (q: { source: string }) => q.source === 'manual',
      ).id;
      const pending = await t.post('agent-portal/reactivate-carrier', {
        session_key: agentKey,
        application_id: id,
        quote_id: quoteId,
      });
      expect(pending.statusCode).toBe(409);
      expect(pending.body.message).toBe('Only a declined, error or timeout quote can be reactivated.');
      expect(
        (
          await record({
            application_id: id,
            quote_id: quoteId,
            status: 'declined',
            message: 'Outside appetite.',
          })
        ).statusCode,
      ).toBe(200);
      const { statusCode, body } = await t.post('agent-portal/reactivate-carrier', {
        session_key: agentKey,
        application_id: id,
        quote_id: quoteId,
      });
      expect(statusCode).toBe(200);
      expect(body.data.application.quotes.find((q: { id: number }) => q.id === quoteId)).toMatchObject({
        status: 'pending',
        message: 'Waiting for the underwriter.',
        premium: null,
        answered_at: null,
      });
      expect(body.data.application.status).toBe('completed');
    });

    it('re-queues an automatic quote and reopens the application until the worker answers it', async () => {
      const id = await launchedCommercial();
      const automatic = (await application(id)).quotes.find(
        (q: { source: string }) => q.source === 'automatic',
      );
      await updateQuote(t.db, automatic.id, { status: 'error', premium: null, message: 'Carrier down.' });
      const jobs = await t.count('quote_jobs');
      const { statusCode, body } = await t.post('agent-portal/reactivate-carrier', {
        session_key: agentKey,
        application_id: id,
        quote_id: automatic.id,
      });
      expect(statusCode).toBe(200);
      expect(body.data.application.status).toBe('launched');
      expect(body.data.application.quotes.find((q: { id: number }) => q.id === automatic.id).status).toBe(
        'pending',
      );
      expect(await t.count('quote_jobs')).toBe(jobs + 1);
      await t.app.quoteWorker.drain();
      const after = await application(id);
      expect(after.status).toBe('completed');
      expect(after.quotes.find((q: { id: number }) => q.id === automatic.id).status).not.toBe('pending');
    });

    it('is 404 for another agent and for an unknown quote, 400 for a bad body', async () => {
      const id = await launchedCommercial();
      const quoteId = (await application(id)).quotes[0].id;
      const before = await snapshot();
      const call = (body: Record<string, unknown>, key = agentKey) =>
        t.post('agent-portal/reactivate-carrier', { session_key: key, ...body });
      expect((await call({ application_id: id, quote_id: quoteId }, otherAgentKey)).statusCode).toBe(404);
      const unknown = await call({ application_id: id, quote_id: 999_999 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body.message).toBe('Quote not found.');
      // Past PostgreSQL's integer range: still "not found", never a 500 (found by the fuzz suite).
      const huge = await call({ application_id: id, quote_id: '9999999999' });
      expect(huge.statusCode).toBe(404);
      expect(huge.body.message).toBe('Quote not found.');
      expect((await call({ application_id: id })).statusCode).toBe(400);
      expect((await call({ application_id: id, quote_id: 'x' })).statusCode).toBe(400);
      expect((await call({ application_id: id, quote_id: quoteId }, customerKey)).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('sov/get-sov-quote', () => {
    it('answers the three SPEC §2 404 texts, checked in order', async () => {
      const commercial = await launchedCommercial();
      const primary = await createApp('Primary');
      const othersCommercial = await createApp('Commercial', otherAgentKey);
      const expect404 = async (carrier: unknown, app: unknown, text: string) => {
        const result = await getSov(carrier, app);
        expect(result.statusCode, `${carrier} ${app}`).toBe(404);
        expect(result.body.message).toBe(text);
      };
      await expect404('nobody', commercial, 'Invalid Carrier');
      await expect404('wright', commercial, 'Invalid Carrier');
      await expect404('nobody', 'abc', 'Invalid Carrier');
      for (const bad of ['abc', '12a', '', '-1', '0', '999999', -1, 99_999_999_999, othersCommercial]) {
        await expect404('tmh', bad, 'Invalid Application ID');
      }
      await expect404('tmh', primary, 'Invalid Application Type');
      await expect404('tmh', String(primary), 'Invalid Application Type');
    });

    it('answers Invalid Carrier for any id that is not a quote manager id (property)', async () => {
      const commercial = await launchedCommercial();
      const ids = new Set(sovCarriers().map((c) => c.quote_manager_id));
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 40 }).filter((s) => !ids.has(s)),
          async (carrier) => {
            const result = await getSov(carrier, commercial);
            expect(result.statusCode).toBe(404);
            expect(result.body.message).toBe('Invalid Carrier');
          },
        ),
        { numRuns: 40 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 20 }).filter((s) => !/^[0-9]+$/.test(s)),
          async (applicationId) => {
            const result = await getSov('tmh', applicationId);
            expect(result.statusCode).toBe(404);
            expect(result.body.message).toBe('Invalid Application ID');
          },
        ),
        { numRuns: 40 },
      );
    });

    it('answers the carrier, the application and a statement prefilled from the document', async () => {
      const id = await launchedCommercial();
      const { statusCode, body } = await getSov('tmh', String(id));
      expect(statusCode).toBe(200);
      expect(body.data.carrier).toMatchObject({ quote_manager_id: 'tmh' });
      expect(body.data.application.id).toBe(id);
      const doc = structuredClone(examples.commercial);
      expect(body.data.statement_of_values).toMatchObject({
        quote_manager_id: 'tmh',
        submitted: false,
        submitted_at: null,
      });
      expect(body.data.statement_of_values.buildings).toEqual([
        expect.objectContaining({
          location: expect.stringContaining(String(doc.city)),
          construction: doc.construction_type,
          occupancy: doc.building_occupancy,
        }),
      ]);
      expect((await getSov('tmh', id, adminKey)).statusCode).toBe(200);
      expect((await getSov('tmh', id, otherAdminKey)).body.message).toBe('Invalid Application ID');
      expect((await getSov('tmh', id, customerKey)).statusCode).toBe(403);
      expect((await getSov('tmh', id, '')).statusCode).toBe(401);
      expect(
        (await t.post('sov/get-sov-quote', { session_key: agentKey, carrier_id: 'tmh' })).statusCode,
      ).toBe(400);
    });
  });

  describe('sov/submit-statement-of-values', () => {
    it('stores the statement and turns the carrier’s sov quote into the quote manager’s indicative quote', async () => {
      const id = await launchedCommercial();
      const notLaunched = await submitSov('tmh', id, [SOV_BUILDING]);
      expect(notLaunched.statusCode).toBe(409);
      expect(notLaunched.body.message).toBe('Launch the application to this carrier first.');
      expect((await launchSov(id, ['tmh', 'ftp'])).statusCode).toBe(200);

      const second = {
        ...SOV_BUILDING,
        location: 'Warehouse behind',
        construction: 'Frame',
        year_built: 1960,
        stories: 1,
      };
      const { statusCode, body } = await submitSov('tmh', id, [SOV_BUILDING, second]);
      expect(statusCode, body.message).toBe(200);
      const quotes = body.data.application.quotes.filter((q: { source: string }) => q.source === 'sov');
      const tmh = quotes.find(
        (q: { display_name: string }) =>
          q.display_name === sovCarriers().find((c) => c.quote_manager_id === 'tmh')?.display_name,
      );
      expect(tmh).toMatchObject({
        status: 'quoted',
        premium: sovPremium([SOV_BUILDING, second], 'tmh'),
        indicative: true,
        coverages: {
          building_limit: 2_400_000,
          contents_limit: 500_000,
          business_income: 800_000,
          buildings: 2,
        },
      });
      // The other SOV carrier still waits for its own statement.
      expect(quotes.filter((q: { status: string }) => q.status === 'pending')).toHaveLength(1);
      expect(await t.count('statements_of_values')).toBeGreaterThan(0);

      const saved = await getSov('tmh', id);
      expect(saved.body.data.statement_of_values).toMatchObject({
        submitted: true,
        buildings: [SOV_BUILDING, second],
      });
      expect(saved.body.data.statement_of_values.submitted_at).not.toBeNull();

      // Resubmitting replaces the statement and the quote.
      const statements = await t.count('statements_of_values');
      const again = await submitSov('tmh', id, [SOV_BUILDING]);
      expect(again.statusCode).toBe(200);
      expect(await t.count('statements_of_values')).toBe(statements);
      const requoted = again.body.data.application.quotes.find((q: { id: number }) => q.id === tmh.id);
      expect(requoted.premium).toBe(sovPremium([SOV_BUILDING], 'tmh'));
      expect(again.body.data.application.min_quote_amount).toBe(
        Math.min(
          ...again.body.data.application.quotes
            .filter((q: { status: string }) => q.status === 'quoted')
            .map((q: { premium: number }) => q.premium),
        ),
      );
    });

    it('answers the same 404 texts and rejects bad statements with 400, changing nothing', async () => {
      const id = await launchedCommercial();
      expect((await launchSov(id, ['tmh'])).statusCode).toBe(200);
      const primary = await createApp('Primary');
      const before = await snapshot();
      expect((await submitSov('nobody', id, [SOV_BUILDING])).body.message).toBe('Invalid Carrier');
      expect((await submitSov('tmh', 'x1', [SOV_BUILDING])).body.message).toBe('Invalid Application ID');
      expect((await submitSov('tmh', id, [SOV_BUILDING], otherAgentKey)).body.message).toBe(
        'Invalid Application ID',
      );
      expect((await submitSov('tmh', primary, [SOV_BUILDING])).body.message).toBe('Invalid Application Type');
      const bad: unknown[] = [
        [],
        'building',
        [{ ...SOV_BUILDING, stories: 0 }],
        [{ ...SOV_BUILDING, stories: 101 }],
        [{ ...SOV_BUILDING, year_built: '1988' }],
        [{ ...SOV_BUILDING, building_value: -1 }],
        [{ ...SOV_BUILDING, location: '' }],
        [{ ...SOV_BUILDING, extra: 1 }],
        [{ ...SOV_BUILDING, construction: undefined }],
      ];
      for (const buildings of bad) {
        const result = await submitSov('tmh', id, buildings);
        expect(result.statusCode, JSON.stringify(buildings).slice(0, 120)).toBe(400);
      }
      expect((await submitSov('tmh', id, [SOV_BUILDING], customerKey)).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      const quote = (await application(id)).quotes.find((q: { source: string }) => q.source === 'sov');
      expect(quote.status).toBe('pending');
    });
  });

  describe('reset', () => {
    it('removes sov and manual quotes and their documents, keeping statements of values', async () => {
      const id = await launchedCommercial();
      await launchSov(id, ['tmh']);
      await submitSov('tmh', id, [SOV_BUILDING]);
      const launched = await launchManual(id, [COMMERCIAL_MANUAL]);
      const quoteId = launched.body.data.application.quotes.find(
        (q: { source: string }) => q.source === 'manual',
      ).id;
      await record({
        application_id: id,
        quote_id: quoteId,
        status: 'quoted',
        premium: 700,
        document: { name: 'q.pdf', content_base64: PDF.toString('base64'), content_type: 'application/pdf' },
      });
      const files = await t.count('files');
      const reset = await t.post('agent-portal/reset-application', {
        session_key: agentKey,
        application_id: id,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.body.data.application.quotes).toEqual([]);
      expect(await t.count('files')).toBe(files - 1);
      expect((await getSov('tmh', id)).body.data.statement_of_values.submitted).toBe(true);
    });
  });

  it('publishes every new call in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/agent-portal/launch-application-sov-carriers',
      '/api/agent-portal/launch-application-manual-carriers',
      '/api/agent-portal/record-manual-quote',
      '/api/agent-portal/reactivate-carrier',
      '/api/sov/get-sov-quote',
      '/api/sov/submit-statement-of-values',
      '/api/files/{id}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
