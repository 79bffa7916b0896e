/**
 * The keyless public sources through a lookup (issue 40, ADR 757) on PGlite and PostgreSQL: with
 * the Census geocoder, FEMA NFHL, USGS EPQS, USFWS CBRS and OpenFEMA's Community Status Book
 * chosen (pointed at a local fake answering their documented shapes), one lookup fills the
 * address, flood zone, ground elevation, CBRA and NFIP participation fields, each labelled with
 * its source and time; the community status is asked with the NFHL's community number. A source
 * that finds nothing, answers late or sends a malformed answer leaves every field of its job
 * missing with its reason, and none of them half-filled, while the other jobs fill theirs. Jobs
 * the body leaves out keep what the company has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProviderServer, startFakeProviderServer } from './helpers/fake-property-data-server.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

type Job = {
  job: string;
  provider: string;
  source: string;
  sample: boolean;
  error: string | null;
  fetched_at: string | null;
  fields: Record<string, { value: unknown; source: string; fetched_at: string }>;
  missing: { field: string; reason: string }[];
};

const PUBLIC = {
  address: { provider: 'census_geocoder' },
  flood_zone: { provider: 'fema_nfhl' },
  ground_elevation: { provider: 'usgs_epqs' },
  cbra: { provider: 'fws_cbrs' },
  community_status: { provider: 'openfema_csb' },
};

describe.each(DATABASE_KINDS)('keyless public property data sources on %s', (kind) => {
  let t: TestApp;
  let fake: FakeProviderServer;
  let agentKey: string;
  let adminKey: string;

  const lookup = async (address: object) => {
    const made = await t.post('agent-portal/create-new-application', { session_key: agentKey, address });
    expect(made.statusCode, made.body.message).toBe(200);
    const answer = await t.post('property-data/lookup', {
      session_key: agentKey,
      application_id: made.body.data.application.id,
    });
    expect(answer.statusCode, answer.body.message).toBe(200);
    return Object.fromEntries((answer.body.data.jobs as Job[]).map((job) => [job.job, job]));
  };
  const values = (job: Job | undefined) =>
    Object.fromEntries(Object.entries(job?.fields ?? {}).map(([field, found]) => [field, found.value]));

  beforeAll(async () => {
    fake = await startFakeProviderServer();
    t = await startTestApp(kind, {
      propertyData: {
        baseUrls: {
          census_geocoder: fake.url,
          fema_nfhl: fake.url,
          usgs_epqs: fake.url,
          fws_cbrs: `${fake.url}/cbrs`,
          openfema_csb: fake.url,
        },
        timeoutsMs: { usgs_epqs: 300 },
      },
    });
    [agentKey, adminKey] = await Promise.all(['agent@demo.test', 'admin@demo.test'].map((e) => t.loginAs(e)));
    const saved = await t.post('portal-settings/update-property-data', {
      session_key: adminKey,
      property_data: { cache_days: 0, jobs: PUBLIC },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('keeps the jobs a body leaves out: characteristics stays the sandbox', async () => {
    const read = await t.post('portal-settings/get', { session_key: adminKey });
    const jobs = read.body.data.settings.property_data.jobs;
    expect(
      Object.fromEntries(Object.entries(jobs).map(([job, choice]) => [job, (choice as Job).provider])),
    ).toEqual({
      address: 'census_geocoder',
      characteristics: 'sandbox',
      flood_zone: 'fema_nfhl',
      ground_elevation: 'usgs_epqs',
      cbra: 'fws_cbrs',
      community_status: 'openfema_csb',
    });
    expect(read.body.data.settings.property_data.available.cbra.map((c: Job) => c.provider)).toEqual([
      'sandbox',
      'fws_cbrs',
    ]);
  });

  it('fills address, flood zone, ground elevation, CBRA and participation, each with its source and time', async () => {
    const jobs = await lookup({ ...MIAMI, address1: '1500 Meridian Ave', lat: null, lng: null });
    expect(values(jobs.address)).toMatchObject({
      lat: 25.787629870105,
      lng: -80.13468972113,
      county: 'Miami-Dade',
    });
    expect(values(jobs.flood_zone)).toMatchObject({ flood_zone: 'AE', community_number: '120651' });
    expect(values(jobs.ground_elevation)).toEqual({ property_elevation: 4.3, true_ground_level: 4.3 });
    expect(values(jobs.cbra)).toEqual({ underwriting_cbra_zone: 'No', underwriting_opa: 'No' });
    expect(values(jobs.community_status)).toEqual({ underwriting_non_participating_community: 'No' });
    const expected = {
      address: 'US Census Geocoder',
      flood_zone: 'FEMA NFHL',
      ground_elevation: 'USGS Elevation',
      cbra: 'USFWS CBRS',
      community_status: 'OpenFEMA Community Status Book',
    };
    for (const [job, source] of Object.entries(expected)) {
      const result = jobs[job] as Job;
      expect(result).toMatchObject({ source, sample: false, error: null });
      for (const found of Object.values(result.fields)) {
        expect(found).toEqual({ value: found.value, source, fetched_at: result.fetched_at });
      }
    }
    // Every point query is at the geocoded point; the participation is asked of the NFHL's community.
    const point = '-80.13468972113,25.787629870105';
    expect(fake.requests.findLast((r) => r.path === '/28/query')?.query.get('geometry')).toBe(point);
    expect(fake.requests.findLast((r) => r.path === '/cbrs/3/query')?.query.get('geometry')).toBe(point);
    expect(fake.requests.findLast((r) => r.path === '/v1/json')?.query.get('y')).toBe('25.787629870105');
    expect(
      fake.requests.findLast((r) => r.path === '/api/open/v1/NfipCommunityStatusBook')?.query.get('$filter'),
    ).toBe("communityIdNumber eq '120651'");
  });

  it('keeps a source’s miss, timeout or malformed answer with its own job, no field half-filled', async () => {
    // Not geocoded: the point jobs use the application's own point, latitude 2.
    const jobs = await lookup({ ...MIAMI, address1: '5 NOWHERE Way', lat: 2, lng: -80 });
    expect(jobs.address).toMatchObject({ error: null, fields: {} });
    expect(jobs.address?.missing).toContainEqual({
      field: 'lat',
      reason: 'US Census Geocoder found nothing for this address.',
    });
    for (const [job, reason] of [
      ['ground_elevation', 'USGS Elevation did not answer within 0.3 s.'],
      ['cbra', 'USFWS CBRS sent an answer that is not JSON.'],
    ]) {
      const result = jobs[job as string] as Job;
      expect(result).toMatchObject({ error: reason, fields: {}, fetched_at: null });
      expect(result.missing.length).toBeGreaterThan(0);
      expect(result.missing.every((m) => m.reason === `Could not look up: ${reason}`)).toBe(true);
    }
    expect(values(jobs.flood_zone)).toMatchObject({ flood_zone: 'AE' });
    expect(values(jobs.community_status)).toEqual({ underwriting_non_participating_community: 'No' });
  });

  it('has no community to ask when the NFHL fails and the application has no number', async () => {
    const jobs = await lookup({ ...MIAMI, address1: '6 NOWHERE Ct', lat: 1, lng: -80 });
    expect(jobs.flood_zone?.error).toBe('FEMA NFHL could not answer: Unable to complete operation.');
    expect(jobs.community_status).toMatchObject({
      error: null,
      fields: {},
      missing: [
        {
          field: 'underwriting_non_participating_community',
          reason:
            'No community number to look up: the flood zone lookup found none and the application has none.',
        },
      ],
    });
    expect(values(jobs.cbra)).toEqual({ underwriting_cbra_zone: 'No', underwriting_opa: 'No' });
  });
});
