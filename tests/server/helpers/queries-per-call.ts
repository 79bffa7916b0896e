/**
 * The SQL statements of the three calls the API bench loads (issue 18 "queries per call"):
 * get-application-by-id, update-application and get-agent-applications-list with the bench's
 * filters, each made once by agent@demo.test on a new application of theirs. Shared by the pinning
 * test (tests/server/queries-per-call.test.ts) and `npm run bench` (tests/bench/query-count-bench.ts).
 */
import type { TestApp } from './test-app.ts';

/** The counted calls, in the bench's order and with its names. */
export const COUNTED_CALLS = ['get-application-by-id', 'update-application', 'listing'] as const;
export type CountedCall = (typeof COUNTED_CALLS)[number];

/** Statements sent by each counted call; throws when a call does not answer 200. */
export async function queriesPerCall(t: TestApp): Promise<Record<CountedCall, string[]>> {
  const key = await t.loginAs('agent@demo.test');
  const created = await t.post('agent-portal/create-new-application', {
    session_key: key,
    address: {
      searched_address: '1 Count Way, Miami Beach, FL 33139',
      address1: '1 Count Way',
      city: 'Miami Beach',
      state: 'FL',
      zip: '33139',
    },
  });
  const applicationId = created.body.data.application.id;
  const bodies: Record<CountedCall, [string, Record<string, unknown>]> = {
    'get-application-by-id': [
      'agent-portal/get-application-by-id',
      { session_key: key, application_id: applicationId },
    ],
    'update-application': [
      'agent-portal/update-application',
      { session_key: key, application_id: applicationId, address_details: { first_name: 'Counted' } },
    ],
    listing: [
      'agent-portal/get-agent-applications-list',
      { session_key: key, filters: { carrier_quote_type: 'Primary', address: 'Main' } },
    ],
  };
  const counts = {} as Record<CountedCall, string[]>;
  for (const call of COUNTED_CALLS) {
    const [path, body] = bodies[call];
    // A warm-up call first: per-process caches (compiled schema sets) fill once, not per call.
    await t.post(path, body);
    const { result, queries } = await t.countQueries(() => t.post(path, body));
    if (result.statusCode !== 200) throw new Error(`${call}: ${result.statusCode} ${result.body.message}`);
    counts[call] = queries;
  }
  return counts;
}
