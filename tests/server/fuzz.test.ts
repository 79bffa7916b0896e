/**
 * No client mistake is a 500 (issue 2 §4): arbitrary bodies to every call, with a valid session,
 * answer the envelope with a code below 500 and leave the tables as they were unless they succeeded.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const PATHS = [
  'agent-portal/get-agent-applications-list',
  'agent-portal/get-application-by-id',
  'agent-portal/create-new-application',
  'agent-portal/update-application',
  'agent-portal/launch-application',
  'agent-portal/reset-application',
  'agent-portal/toggle-application-alert-note',
  'agent-portal/delete-application-by-id',
  'address/zip-lookup',
  'auth/me',
];

/** Values that often break servers: huge or out-of-range ids, NUL bytes, odd types. */
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

describe('fuzzing every call (PGlite)', () => {
  let t: TestApp;
  let key: string;
  let appId: number;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    key = await t.loginAs('agent@demo.test');
    appId = t.seed.applicationIds?.[0] as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never answers 500', async () => {
    const id = fc.oneof(nasty, fc.constant(appId), fc.constant(String(appId)));
    const details = fc.oneof(
      nasty,
      fc.dictionary(fc.constantFrom('first_name', 'zip', 'deductible', 'lat', 'state', 'phone', 'x'), nasty),
    );
    const address = fc.oneof(
      nasty,
      fc.record({
        searched_address: fc.oneof(fc.string(), nasty),
        address1: fc.string(),
        city: fc.oneof(fc.string(), nasty),
        state: fc.constantFrom('FL', 'fl', 'CA', 'XX', '\u0000\u0000'),
        zip: fc.constantFrom('33139', '00000', '3313'),
        county: nasty,
        lat: nasty,
        lng: nasty,
      }),
    );
    const bodies: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
      'agent-portal/get-agent-applications-list': fc.record(
        {
          agent_id: nasty,
          application_source: nasty,
          customer_id: nasty,
          filters: fc.oneof(
            nasty,
            fc.dictionary(
              fc.constantFrom(
                'address',
                'application_id',
                'agent_id',
                'client_name_id',
                'carrier_quote_type',
              ),
              nasty,
            ),
          ),
        },
        { requiredKeys: [] },
      ),
      'agent-portal/get-application-by-id': fc.record({ application_id: id }),
      'agent-portal/create-new-application': fc.record(
        { address, agent_id: nasty, carrier_quote_type: nasty, application_type: nasty },
        { requiredKeys: ['address'] },
      ),
      'agent-portal/update-application': fc.record({ application_id: id, address_details: details }),
      'agent-portal/launch-application': fc.record({
        application_id: fc.constant(999_999),
        address_details: details,
      }),
      'agent-portal/reset-application': fc.record({ application_id: fc.oneof(nasty, fc.constant(999_999)) }),
      'agent-portal/toggle-application-alert-note': fc.record({ application_id: id, note_id: nasty }),
      'agent-portal/delete-application-by-id': fc.record(
        { application_id: fc.oneof(nasty, fc.constant(999_999)), delete_all_related_applications: nasty },
        { requiredKeys: ['application_id'] },
      ),
      'address/zip-lookup': fc.record({ zip: nasty }),
      'auth/me': fc.record({ extra: nasty }, { requiredKeys: [] }),
    };
    const call = fc.constantFrom(...PATHS).chain((path) => fc.tuple(fc.constant(path), bodies[path]));
    await fc.assert(
      fc.asyncProperty(
        call,
        fc.record(
          { page: fc.oneof(fc.string(), fc.nat().map(String)), per_page: fc.nat().map(String) },
          { requiredKeys: [] },
        ),
        async ([path, body], query) => {
          const result = await t.post(path, { session_key: key, ...body }, query);
          expect(result.statusCode, `${path} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
          expect(result.body.code).toBe(result.statusCode);
        },
      ),
      { numRuns: 300 },
    );
  });
});
