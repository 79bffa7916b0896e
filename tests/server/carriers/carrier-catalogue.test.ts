/**
 * The carrier catalogue as versioned data (issue 43, ADR 772), by its effect: version 1 is seeded
 * from carriers.json; a draft that fails the checks carriers.json had is refused by path; a
 * published version changes what the next launch asks (carriers dropped from a state, a renamed
 * carrier, a live connection's request) without a restart; a changed connection publishes only
 * after its definition passed the connection test; a version another process stores is in use at
 * once (NOTIFY), or at the next poll when its NOTIFY was lost (the trigger off); the page's health
 * counts live quotes and refused credentials, seen by a connection test or a live quote (ADR 773)
 * until a passed test or an answered quote. Super-admins only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriersFile } from '../../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';
import type { Doc } from '../../../engine/types.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { currentCarriers, currentCarriersVersion } from '../../../server/quoting/current-carriers.ts';
import { keepCarrierCatalogueCurrent } from '../../../server/services/carrier-catalogue-reload.ts';
import {
  FAKE_CREDENTIALS,
  type FakeCarrierServer,
  fakeCarrierOrigins,
  startFakeCarrierServer,
} from '../helpers/fake-carrier-server.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

interface QuoteView {
  carrier: string;
  display_name: string;
  status: string;
  indicative: boolean;
}

/** carriers.json changed by `change` (a deep copy, so the file stays as it is). */
function draftOf(change: (draft: CarriersFile) => void): CarriersFile {
  const draft = structuredClone(carriersFile);
  change(draft);
  return draft;
}

const family = (file: CarriersFile, name: string) => {
  const entry = file.carriers.find((carrier) => carrier.name === name);
  if (!entry) throw new Error(`no family ${name}`);
  return entry;
};

describe.each(DATABASE_KINDS)('the carrier catalogue on %s', (kind) => {
  let t: TestApp;
  let fake: FakeCarrierServer;
  let superKey: string;
  let adminKey: string;
  let agentKey: string;

  async function launched(): Promise<QuoteView[]> {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    const id = created.body.data.application.id;
    const launch = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: id,
      address_details: structuredClone(examples.primary) as Doc,
    });
    expect(launch.statusCode, launch.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    const done = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: id,
    });
    return done.body.data.application.quotes;
  }

  const latest = async () => (await t.post('carrier-catalogue/get', { session_key: superKey })).body.data;

  beforeAll(async () => {
    fake = await startFakeCarrierServer();
    t = await startTestApp(kind, { carrierConnections: { origins: fakeCarrierOrigins(fake.url) } });
    [superKey, adminKey, agentKey] = await Promise.all(
      ['superadmin@demo.test', 'admin@demo.test', 'agent@demo.test'].map((email) => t.loginAs(email)),
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('seeds version 1 from carriers.json and answers it to super-admins only', async () => {
    const answer = await t.post('carrier-catalogue/get', { session_key: superKey });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data.version).toBe(1);
    expect(answer.body.data.catalogue).toEqual(carriersFile);
    expect(answer.body.data.versions).toEqual([
      expect.objectContaining({ version: 1, note: 'Seeded from carriers.json', created_by_name: null }),
    ]);
    expect(answer.body.data.connections.map((connection: { id: string }) => connection.id)).toEqual(
      Object.keys(carriersFile.connections ?? {}),
    );
    expect(currentCarriersVersion()).toBe(1);
    for (const key of [adminKey, agentKey]) {
      for (const call of ['get', 'check', 'publish']) {
        const refused = await t.post(`carrier-catalogue/${call}`, {
          session_key: key,
          ...(call === 'get' ? {} : { catalogue: carriersFile }),
          ...(call === 'publish' ? { note: 'x', based_on: 1 } : {}),
        });
        expect(refused.statusCode, call).toBe(403);
      }
    }
  });

  it('finds the problems carriers.json was checked for, by path, and publishes none of them', async () => {
    const broken = draftOf((draft) => {
      family(draft, 'titan').eligibility = [{ id: 'odd', when: { sometimes: [1] }, decline_message: 'No.' }];
      family(draft, 'annex').image = '/carriers/other.svg';
      family(draft, 'argenia').guideDocument = family(draft, 'titan').guideDocument;
      const connection = draft.connections?.sample_api_key;
      if (connection) connection.request['risk.owner'] = { var: 'user.name' };
    });
    const titan = carriersFile.carriers.findIndex((carrier) => carrier.name === 'titan');
    const annex = carriersFile.carriers.findIndex((carrier) => carrier.name === 'annex');
    const argenia = carriersFile.carriers.findIndex((carrier) => carrier.name === 'argenia');
    const checked = await t.post('carrier-catalogue/check', { session_key: superKey, catalogue: broken });
    expect(checked.statusCode).toBe(200);
    expect(checked.body.data.problems).toEqual(
      expect.arrayContaining([
        { path: `carriers/${titan}/eligibility/0/when`, message: 'unknown operator "sometimes"' },
        { path: `carriers/${annex}/image`, message: 'must be /carriers/annex.svg (its monogram)' },
        { path: `carriers/${argenia}/guideDocument`, message: "is also titan's guide" },
        {
          path: 'connections/sample_api_key/request/risk.owner',
          message: '"user.name" reads none of doc, ctx, carrier',
        },
      ]),
    );
    const shape = await t.post('carrier-catalogue/check', {
      session_key: superKey,
      catalogue: { ...carriersFile, carriers: 'none' },
    });
    expect(shape.body.data.problems).toEqual([{ path: 'carriers', message: 'must be array' }]);
    const before = await t.count('carrier_catalog_versions');
    const refused = await t.post('carrier-catalogue/publish', {
      session_key: superKey,
      catalogue: broken,
      note: 'Broken',
      based_on: 1,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.error_obj[`carriers/${annex}/image`]).toBe(
      'must be /carriers/annex.svg (its monogram)',
    );
    expect(await t.count('carrier_catalog_versions')).toBe(before);
    expect(currentCarriersVersion()).toBe(1);
  });

  it('quotes the next launch with a published version, without a restart', async () => {
    const before = await launched();
    expect(before.find((quote) => quote.carrier === 'titan')?.display_name).toBe('Titan Flood');
    expect(before.some((quote) => quote.carrier === 'annex')).toBe(true);
    const draft = draftOf((file) => {
      family(file, 'titan').displayName = 'Titan Flood Select';
      family(file, 'annex').states = family(file, 'annex').states.filter((state) => state !== 'FL');
    });
    const checked = await t.post('carrier-catalogue/check', { session_key: superKey, catalogue: draft });
    expect(checked.body.data).toEqual({ problems: [], changed_connections: [] });
    const published = await t.post('carrier-catalogue/publish', {
      session_key: superKey,
      catalogue: draft,
      note: 'Annex leaves Florida',
      based_on: 1,
    });
    expect(published.statusCode, published.body.message).toBe(200);
    expect(published.body.data.version).toBe(2);
    const after = await launched();
    expect(after.find((quote) => quote.carrier === 'titan')?.display_name).toBe('Titan Flood Select');
    expect(after.some((quote) => quote.carrier === 'annex')).toBe(false);
    const overview = await latest();
    expect(overview.version).toBe(2);
    expect(overview.versions[0]).toMatchObject({
      version: 2,
      note: 'Annex leaves Florida',
      created_by_name: 'Sam Super',
    });
    const stale = await t.post('carrier-catalogue/publish', {
      session_key: superKey,
      catalogue: carriersFile,
      note: 'From an old page',
      based_on: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('publishes a changed connection only after its definition passed the connection test', async () => {
    const enable = await t.post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'sample_api_key',
      enabled: true,
      credentials: FAKE_CREDENTIALS.sample_api_key,
    });
    expect(enable.statusCode).toBe(200);
    const base = (await latest()) as { version: number; catalogue: CarriersFile };
    const draft = structuredClone(base.catalogue);
    const connection = draft.connections?.sample_api_key;
    if (!connection) throw new Error('no sample_api_key');
    connection.request['risk.catalogueCheck'] = { cat: ['v', { var: 'ctx.product' }] };
    const checked = await t.post('carrier-catalogue/check', { session_key: superKey, catalogue: draft });
    expect(checked.body.data.changed_connections).toEqual([
      { id: 'sample_api_key', label: connection.label, tested: false },
    ]);
    const untested = await t.post('carrier-catalogue/publish', {
      session_key: superKey,
      catalogue: draft,
      note: 'Send the check field',
      based_on: base.version,
    });
    expect(untested.statusCode).toBe(422);
    expect(Object.keys(untested.body.error_obj)).toEqual(['connections/sample_api_key']);
    // A test with credentials the carrier refuses does not pass, and shows on the page.
    const otherCompany = await t.post('companies/create', { session_key: superKey, name: 'Keyless Agency' });
    const otherId = otherCompany.body.data.company.id;
    await t.post('carrier-connections/update', {
      session_key: superKey,
      company_id: otherId,
      connection_id: 'sample_api_key',
      enabled: true,
      credentials: { api_key: 'wrong-key' },
    });
    const refused = await t.post('carrier-catalogue/test-connection', {
      session_key: superKey,
      catalogue: draft,
      connection_id: 'sample_api_key',
      company_id: otherId,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body.data.passed).toBe(false);
    const sent = fake.requests.length;
    const tested = await t.post('carrier-catalogue/test-connection', {
      session_key: superKey,
      catalogue: draft,
      connection_id: 'sample_api_key',
      company_id: t.seed.companyId,
    });
    expect(tested.body.data.passed, tested.body.message).toBe(true);
    expect(JSON.parse(fake.requests[sent]?.body ?? '{}').risk.catalogueCheck).toBe('vPrimary');
    const published = await t.post('carrier-catalogue/publish', {
      session_key: superKey,
      catalogue: draft,
      note: 'Send the check field',
      based_on: base.version,
    });
    expect(published.statusCode, published.body.message).toBe(200);
    // The live connector of the next launch asks with the published definition.
    const asked = fake.requests.length;
    const quotes = await launched();
    expect(quotes.find((quote) => quote.carrier === 'neptune')).toMatchObject({ indicative: false });
    const bodies = fake.requests.slice(asked).filter((request) => request.path === '/v1/quotes');
    expect(bodies.map((request) => JSON.parse(request.body).risk.catalogueCheck)).toEqual(['vPrimary']);
    const health = (await latest()).connections.find(
      (entry: { id: string }) => entry.id === 'sample_api_key',
    );
    expect(health).toMatchObject({ answered: 1, errors: 0, error_rate: 0 });
    expect(health.last_success).not.toBeNull();
    expect(health.refused_credentials).toEqual([
      expect.objectContaining({ company_id: otherId, company_name: 'Keyless Agency', source: 'test' }),
    ]);
  });

  it('lists a company whose credentials the carrier refuses in a live quote, until one is answered', async () => {
    const refusals = async (): Promise<{ company_id: number; source: string; at: string }[]> =>
      (await latest()).connections.find((entry: { id: string }) => entry.id === 'sample_api_key')
        .refused_credentials;
    const setKey = async (apiKey: string) => {
      const saved = await t.post('carrier-connections/update', {
        session_key: adminKey,
        connection_id: 'sample_api_key',
        enabled: true,
        credentials: { api_key: apiKey },
      });
      expect(saved.statusCode).toBe(200);
    };
    const neptune = (quotes: QuoteView[]) => quotes.find((quote) => quote.carrier === 'neptune');
    const keyless = expect.objectContaining({ company_name: 'Keyless Agency', source: 'test' });
    expect(await refusals()).toEqual([keyless]);

    // The carrier answers 401 to the key the agency now stores: an error quote, and the page lists it.
    await setKey('revoked-key');
    const refused = neptune(await launched());
    expect(refused).toMatchObject({
      status: 'error',
      message: 'Neptune Flood (sample API-key connection) refused the request (HTTP 401): Invalid API key',
    });
    const agency = (list: { company_id: number; source: string; at: string }[]) =>
      list.find((entry) => entry.company_id === t.seed.companyId);
    const listed = await refusals();
    expect(listed).toHaveLength(2);
    expect(listed).toContainEqual(keyless);
    expect(agency(listed)).toEqual({
      company_id: t.seed.companyId,
      company_name: expect.any(String),
      source: 'quote',
      at: expect.any(String),
    });
    const refusedAt = agency(listed)?.at;

    // A 500 is not a refusal: it neither lists a company nor clears one.
    await setKey(FAKE_CREDENTIALS.sample_api_key?.api_key ?? '');
    fake.failNext(1, 500);
    expect(neptune(await launched())).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/HTTP 500/),
    });
    expect(agency(await refusals())).toMatchObject({ source: 'quote', at: refusedAt });

    // The carrier accepts the key again: the quote clears the company; another 500 lists nothing.
    expect(neptune(await launched())).toMatchObject({ status: 'quoted', indicative: false });
    expect(await refusals()).toEqual([keyless]);
    fake.failNext(1, 500);
    expect(neptune(await launched())?.status).toBe('error');
    expect(await refusals()).toEqual([keyless]);
  });

  it('takes up at once a version another process stored (the NOTIFY, not the 15 s poll)', async () => {
    const version = (await latest()).version + 1;
    const renamed = draftOf((file) => {
      family(file, 'titan').displayName = 'Titan Elsewhere';
    });
    await t.db.execute(
      sql`INSERT INTO carrier_catalog_versions (version, catalogue, note) VALUES (${version}, ${JSON.stringify(renamed)}, 'Another process')`,
    );
    await expect.poll(() => currentCarriersVersion(), { timeout: 3000, interval: 50 }).toBe(version);
    expect(family(currentCarriers(), 'titan').displayName).toBe('Titan Elsewhere');
  });

  it('takes up a version whose NOTIFY was lost at the next poll', async () => {
    const errors: unknown[] = [];
    const stop = await keepCarrierCatalogueCurrent(t.db, (error) => errors.push(error), 100);
    const version = (await latest()).version + 1;
    await t.db.execute(
      sql`ALTER TABLE carrier_catalog_versions DISABLE TRIGGER carrier_catalog_versions_notify`,
    );
    try {
      await t.db.execute(
        sql`INSERT INTO carrier_catalog_versions (version, catalogue, note) VALUES (${version}, ${JSON.stringify(carriersFile)}, 'Silent')`,
      );
      await expect.poll(() => currentCarriersVersion(), { timeout: 3000, interval: 20 }).toBe(version);
      expect(errors).toEqual([]);
    } finally {
      await stop();
      await t.db.execute(
        sql`ALTER TABLE carrier_catalog_versions ENABLE TRIGGER carrier_catalog_versions_notify`,
      );
    }
  });
});
