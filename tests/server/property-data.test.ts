/**
 * Property data (issue 15) on PGlite and PostgreSQL: the sandbox answers every job by default and
 * the same address the same way; a company's admin switches to SmartyStreets, ATTOM and the FEMA
 * NFHL with keys that are never answered nor logged; the connectors, pointed at a local fake
 * server answering the documented shapes, map into the document's fields; answers are reused
 * from the cache; not-found, refused keys, the NFHL's error shape and a slow answer (timeout)
 * stay with their job; bad input is refused. (The background pre-fill: property-data-prefill.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../server/db/schema.ts';
import { NO_ADDRESS_MESSAGE } from '../../server/services/property-data-service.ts';
import { type FakeProviderServer, startFakeProviderServer } from './helpers/fake-property-data-server.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const SECRET = 'smarty-secret-token-4f1c';
const ATTOM_KEY = 'attom-secret-key-9d2e';

type Job = { job: string; source: string; sample: boolean; cached: boolean; error: string | null } & {
  fields: Record<string, { value: unknown; source: string; fetched_at: string }>;
  missing: { field: string; reason: string }[];
};

describe.each(DATABASE_KINDS)('property data on %s', (kind) => {
  let t: TestApp;
  let fake: FakeProviderServer;
  let agentKey: string;
  let adminKey: string;
  let otherAgentKey: string;
  const logLines: string[] = [];

  const call = (key: string, path: string, body: Record<string, unknown>) =>
    t.post(`property-data/${path}`, { session_key: key, ...body });
  const created = async (address: object) => {
    const answer = await t.post('agent-portal/create-new-application', { session_key: agentKey, address });
    expect(answer.statusCode, answer.body.message).toBe(200);
    return answer.body.data.application.id as number;
  };
  const lookup = async (id: number, key = agentKey) => {
    const answer = await call(key, 'lookup', { application_id: id });
    expect(answer.statusCode, answer.body.message).toBe(200);
    return Object.fromEntries((answer.body.data.jobs as Job[]).map((job) => [job.job, job])) as Record<
      'address' | 'characteristics' | 'flood_zone' | 'ground_elevation' | 'cbra' | 'community_status',
      Job
    >;
  };
  const values = (job: Job) => Object.fromEntries(Object.entries(job.fields).map(([f, v]) => [f, v.value]));
  const useRealProviders = (jobs: Record<string, object>) =>
    t.post('portal-settings/update-property-data', { session_key: adminKey, property_data: { jobs } });
  const REAL = {
    address: { provider: 'smarty', key_id: 'smarty-id', key: SECRET },
    characteristics: { provider: 'attom', key: ATTOM_KEY },
    flood_zone: { provider: 'fema_nfhl' },
  };

  beforeAll(async () => {
    fake = await startFakeProviderServer();
    t = await startTestApp(kind, {
      propertyData: {
        baseUrls: { smarty: fake.url, attom: fake.url, fema_nfhl: fake.url },
        timeoutsMs: { smarty: 300 },
      },
      logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    });
    [agentKey, adminKey, otherAgentKey] = await Promise.all(
      ['agent@demo.test', 'admin@demo.test', 'otheragent@demo.test'].map((email) => t.loginAs(email)),
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('answers every job from the sandbox by default, labelled sample data, the same for the same address', async () => {
    const settings = await t.post('portal-settings/get', { session_key: adminKey });
    expect(settings.body.data.settings.property_data.jobs.address).toEqual({
      provider: 'sandbox',
      key_id: null,
      has_key: false,
    });
    const first = await lookup(await created(MIAMI));
    for (const job of Object.values(first)) {
      expect(job).toMatchObject({ source: 'Sample data', sample: true, error: null, cached: false });
    }
    expect(Object.keys(first.characteristics.fields)).toEqual(
      expect.arrayContaining([
        'year_build',
        'sqft',
        'num_of_stories',
        'construction_type',
        'foundation_type',
        'occupancy_type',
        'underwriting_mobile_home_type',
      ]),
    );
    expect(first.flood_zone.fields.flood_zone.value).toMatch(/^(A|AE|AH|VE|X|X500)$/);
    // The sandbox answers the jobs of issue 40 too.
    expect(Object.keys(first.ground_elevation.fields)).toEqual(['property_elevation', 'true_ground_level']);
    expect(Object.keys(first.cbra.fields)).toEqual(['underwriting_cbra_zone', 'underwriting_opa']);
    expect(first.community_status.fields.underwriting_non_participating_community.value).toMatch(
      /^(Yes|No)$/,
    );
    expect(first.address.fields.lat.value).not.toBe(MIAMI.lat);
    // Another application at the same address (spelt differently) gets the same answers, from the cache.
    const again = await lookup(await created({ ...MIAMI, address1: '1700  convention center dr.' }));
    expect(values(again.characteristics)).toEqual(values(first.characteristics));
    expect(again.characteristics.cached).toBe(true);
    // A neighbour gets other answers.
    const neighbour = await lookup(await created({ ...MIAMI, address1: '1702 Convention Center Dr' }));
    expect(values(neighbour.address)).not.toEqual(values(first.address));
  });

  it('suggests and verifies addresses from the sandbox', async () => {
    const suggested = await call(agentKey, 'autocomplete', { search: '1500 Meridian' });
    expect(suggested.statusCode).toBe(200);
    expect(suggested.body.data).toMatchObject({ source: 'Sample data', sample: true, error: null });
    expect(suggested.body.data.suggestions[0]).toMatchObject({
      street_line: '1500 Meridian Ave',
      state: 'FL',
    });
    const verified = await call(agentKey, 'verify-address', {
      address: { address1: '1500 meridian ave', city: 'Miami Beach', state: 'FL', zip: '33139' },
    });
    expect(verified.body.data.address).toMatchObject({
      delivery_line_1: '1500 Meridian Ave',
      precision: 'Rooftop',
    });
  });

  it('keeps provider keys write-only: answered as has_key, kept when omitted, refused when missing', async () => {
    const saved = await useRealProviders(REAL);
    expect(saved.statusCode, saved.body.message).toBe(200);
    expect(saved.body.data.settings.property_data.jobs).toEqual({
      address: { provider: 'smarty', key_id: 'smarty-id', has_key: true },
      characteristics: { provider: 'attom', key_id: null, has_key: true },
      flood_zone: { provider: 'fema_nfhl', key_id: null, has_key: false },
      // Left out of the body: the default, the sandbox in tests (issue 40).
      ground_elevation: { provider: 'sandbox', key_id: null, has_key: false },
      cbra: { provider: 'sandbox', key_id: null, has_key: false },
      community_status: { provider: 'sandbox', key_id: null, has_key: false },
    });
    const read = await t.post('portal-settings/get', { session_key: adminKey });
    for (const answer of [saved, read]) {
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      expect(JSON.stringify(answer.body)).not.toContain(ATTOM_KEY);
    }
    // The keys omitted: the stored ones stay.
    const kept = await useRealProviders({
      address: { provider: 'smarty' },
      characteristics: { provider: 'attom' },
      flood_zone: { provider: 'fema_nfhl' },
    });
    expect(kept.body.data.settings.property_data.jobs.characteristics.has_key).toBe(true);
    // ATTOM's key cleared: 422, nothing changes.
    const refused = await useRealProviders({ ...REAL, characteristics: { provider: 'attom', key: null } });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.message).toBe('ATTOM needs a key.');
    const after = await t.post('portal-settings/get', { session_key: adminKey });
    expect(after.body.data.settings.property_data.jobs.characteristics.has_key).toBe(true);
    // An unknown provider, or one that does not answer the job: 400.
    const wrongJob = await useRealProviders({ ...REAL, flood_zone: { provider: 'attom', key: 'x' } });
    expect(wrongJob.statusCode).toBe(400);
  });

  it('maps the real providers’ documented answers onto the document fields and reuses them from the cache', async () => {
    const id = await created({ ...MIAMI, address1: '1500 Meridian Ave', lat: null, lng: null });
    const before = { ...fake.hits };
    const jobs = await lookup(id);
    expect(jobs.address).toMatchObject({
      source: 'SmartyStreets',
      sample: false,
      error: null,
      cached: false,
    });
    expect(values(jobs.address)).toMatchObject({
      lat: 25.78771,
      lng: -80.13472,
      county: 'Miami-Dade',
      zip: '33139',
    });
    expect(values(jobs.characteristics)).toEqual({
      year_build: '1958',
      sqft: 2200,
      num_of_stories: 1,
      construction_type: 'Masonry',
      foundation_type: 'Slab',
      occupancy_type: 'Single Family',
      underwriting_mobile_home_type: 'No',
      building_use: 'Primary Residence',
    });
    expect(values(jobs.flood_zone)).toEqual({
      flood_zone: 'AE',
      community_number: '120651',
      nfip_community_name: 'City of Miami Beach',
      map_panel: '0317',
      map_suffix: 'L',
      effective_date: '2009-09-11',
      bfe_elevation: 8,
    });
    expect(jobs.flood_zone.fields.flood_zone.source).toBe('FEMA NFHL');
    const street = fake.requests.findLast((r) => r.path === '/street-address');
    expect(street?.query.get('auth-id')).toBe('smarty-id');
    expect(street?.query.get('auth-token')).toBe(SECRET);
    expect(fake.requests.findLast((r) => r.path.startsWith('/propertyapi'))?.headers.apikey).toBe(ATTOM_KEY);
    // The FEMA query is at the verified rooftop point.
    expect(fake.requests.findLast((r) => r.path === '/28/query')?.query.get('geometry')).toBe(
      '-80.13472,25.78771',
    );

    const hits = { ...fake.hits };
    const again = await lookup(id);
    expect(Object.values(again).every((job) => job.cached)).toBe(true);
    expect(values(again.characteristics)).toEqual(values(jobs.characteristics));
    expect(fake.hits).toEqual(hits);
    expect(hits['/street-address']).toBe((before['/street-address'] ?? 0) + 1);
  });

  it('reports what each provider could not find, its errors and its timeout, per job', async () => {
    const nowhere = await lookup(await created({ ...MIAMI, address1: '1 NOWHERE Rd' }));
    expect(nowhere.address.fields).toEqual({});
    expect(nowhere.address.missing[0]).toEqual({
      field: 'lat',
      reason: 'SmartyStreets found nothing for this address.',
    });
    expect(nowhere.characteristics.missing.map((m) => m.field)).toContain('year_build');
    expect(nowhere.characteristics.error).toBeNull();
    // Not verified: the flood zone is looked up at the document's own point.
    expect(nowhere.flood_zone.fields.flood_zone.value).toBe('AE');

    const slow = await lookup(await created({ ...MIAMI, address1: '9 SLOW St' }));
    expect(slow.address.error).toBe('SmartyStreets did not answer within 0.3 s.');
    expect(slow.address.missing.map((m) => m.reason)).toContain(
      'Could not look up: SmartyStreets did not answer within 0.3 s.',
    );
    expect(slow.characteristics.error).toBeNull();
    expect(slow.characteristics.fields.year_build.value).toBe('1958');

    const broken = await lookup(await created({ ...MIAMI, address1: '2 NOWHERE Ln', lat: 1, lng: -80 }));
    expect(broken.flood_zone.error).toBe('FEMA NFHL could not answer: Unable to complete operation.');

    await useRealProviders({ ...REAL, characteristics: { provider: 'attom', key: 'bad' } });
    const refused = await lookup(await created({ ...MIAMI, address1: '3 Refused Way' }));
    expect(refused.characteristics.error).toBe('ATTOM refused the key (HTTP 401).');
    // Errors are not cached: with a good key the same address answers.
    await useRealProviders(REAL);
    const retried = await lookup(await created({ ...MIAMI, address1: '3 Refused Way' }));
    expect(retried.characteristics).toMatchObject({ error: null, cached: false });

    const suggested = await call(agentKey, 'autocomplete', { search: '1500 Meri' });
    expect(suggested.body.data).toMatchObject({ source: 'SmartyStreets', sample: false, error: null });
    expect(suggested.body.data.suggestions).toHaveLength(2);
    expect(fake.requests.findLast((r) => r.path === '/lookup')?.query.get('search')).toBe('1500 Meri');
  });

  it('refuses bad input with 4xx and shows another company’s application to no one there', async () => {
    const id = await created(MIAMI);
    expect((await call(agentKey, 'lookup', { application_id: 'x' })).statusCode).toBe(400);
    expect((await call(agentKey, 'lookup', {})).statusCode).toBe(400);
    expect((await call(agentKey, 'autocomplete', { search: '   ' })).statusCode).toBe(400);
    expect((await call(agentKey, 'autocomplete', { search: 'x'.repeat(201) })).statusCode).toBe(400);
    const badState = await call(agentKey, 'verify-address', {
      address: { address1: '1 Main St', city: 'Miami', state: 'Florida', zip: '33139' },
    });
    expect(badState.statusCode).toBe(400);
    expect((await call(otherAgentKey, 'lookup', { application_id: id })).statusCode).toBe(404);
    // A document without a street: 422 with what to fill, and nothing is cached.
    await t.db
      .update(applications)
      .set({ useable_details: { zip: '33139', city: 'Miami Beach', state: 'FL' } })
      .where(eq(applications.id, id));
    const cached = await t.count('property_data_cache');
    const noAddress = await call(agentKey, 'lookup', { application_id: id });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.body.message).toBe(NO_ADDRESS_MESSAGE);
    expect(await t.count('property_data_cache')).toBe(cached);
  });

  it('never writes a provider key to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(SECRET) || line.includes(ATTOM_KEY))).toEqual([]);
  });
});
