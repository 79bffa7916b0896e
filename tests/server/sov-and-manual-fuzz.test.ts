/**
 * No client mistake is a 500 on the issue 3 calls either: arbitrary bodies with a valid session
 * (an admin's, so record-manual-quote gets past its role check) answer the envelope below 500,
 * and those that fail leave every table as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../schemas/schema-set.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const TABLES = ['applications', 'quotes', 'quote_jobs', 'files', 'statements_of_values'];

const nasty = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    0,
    -1,
    2_147_483_648,
    9_999_999_999,
    '9999999999',
    '0',
    '',
    'a\u0000b',
    1e308,
    [],
    {},
    null,
    true,
  ),
  fc.string(),
  fc.integer(),
);

describe('fuzzing the SOV and manual calls (PGlite)', () => {
  let t: TestApp;
  let key: string;
  let appId: number;
  let quoteId: number;

  async function counts() {
    return Promise.all(TABLES.map((table) => t.count(table)));
  }

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const agentKey = await t.loginAs('agent@demo.test');
    key = await t.loginAs('admin@demo.test');
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      carrier_quote_type: 'Commercial',
      address: {
        searched_address: '1700 Convention Center Dr, Miami Beach, FL 33139',
        address1: '1700 Convention Center Dr',
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    appId = created.body.data.application.id;
    const launched = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: appId,
      address_details: structuredClone(examples.commercial),
    });
    expect(launched.statusCode, launched.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    quoteId = launched.body.data.application.quotes[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never answers 500, and a failed call changes nothing', async () => {
    const id = fc.oneof(nasty, fc.constant(appId), fc.constant(String(appId)));
    const quote = fc.oneof(nasty, fc.constant(quoteId));
    const building = fc.oneof(
      nasty,
      fc.record(
        {
          location: fc.oneof(fc.string(), nasty),
          building_value: fc.oneof(fc.integer(), nasty),
          contents_value: fc.oneof(fc.nat(), nasty),
          business_income: fc.oneof(fc.nat(), nasty),
          construction: fc.oneof(fc.string(), nasty),
          occupancy: fc.string(),
          year_built: fc.oneof(fc.integer({ min: 1500, max: 2200 }), nasty),
          stories: fc.oneof(fc.integer({ min: -1, max: 120 }), nasty),
        },
        { requiredKeys: [] },
      ),
    );
    const bodies: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
      'agent-portal/launch-application-sov-carriers': fc.record({
        application_id: id,
        sov_carrier_names_list: fc.oneof(
          nasty,
          fc.array(fc.oneof(fc.constantFrom('tmh', 'ftp', 'wright'), nasty)),
        ),
      }),
      'agent-portal/launch-application-manual-carriers': fc.record({
        application_id: id,
        manual_carrier_names_list: fc.oneof(
          nasty,
          fc.array(fc.oneof(fc.constantFrom('amwins', 'msi'), nasty)),
        ),
      }),
      'agent-portal/record-manual-quote': fc.record(
        {
          application_id: id,
          quote_id: quote,
          status: fc.oneof(fc.constantFrom('quoted', 'declined'), nasty),
          premium: fc.oneof(fc.double(), nasty),
          coverages: fc.oneof(nasty, fc.dictionary(fc.string(), nasty)),
          message: nasty,
          document: fc.oneof(
            nasty,
            fc.record({
              name: fc.oneof(fc.string(), nasty),
              content_base64: fc.oneof(fc.base64String(), nasty),
              content_type: fc.oneof(fc.constantFrom('application/pdf', 'text/plain', 'image/png'), nasty),
            }),
          ),
        },
        { requiredKeys: [] },
      ),
      'agent-portal/reactivate-carrier': fc.record(
        { application_id: id, quote_id: quote },
        { requiredKeys: [] },
      ),
      'sov/get-sov-quote': fc.record(
        { carrier_id: fc.oneof(fc.constant('tmh'), nasty), application_id: id },
        { requiredKeys: [] },
      ),
      'sov/submit-statement-of-values': fc.record(
        {
          carrier_id: fc.oneof(fc.constant('tmh'), nasty),
          application_id: id,
          buildings: fc.oneof(nasty, fc.array(building, { maxLength: 3 })),
        },
        { requiredKeys: [] },
      ),
    };
    const call = fc
      .constantFrom(...Object.keys(bodies))
      .chain((path) => fc.tuple(fc.constant(path), bodies[path]));
    await fc.assert(
      fc.asyncProperty(call, async ([path, body]) => {
        const before = await counts();
        const result = await t.post(path, { session_key: key, ...body });
        const what = `${path} ${JSON.stringify(body).slice(0, 300)}`;
        expect(result.statusCode, what).toBeLessThan(500);
        expect(result.body.code, what).toBe(result.statusCode);
        if (result.statusCode !== 200) expect(await counts(), what).toEqual(before);
      }),
      { numRuns: 250 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constant('1'), fc.nat().map(String)),
        nasty,
        async (fileId, session) => {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/files/${encodeURIComponent(fileId)}`,
            query: typeof session === 'string' ? { session_key: session } : {},
          });
          expect(response.statusCode, fileId).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });
});
