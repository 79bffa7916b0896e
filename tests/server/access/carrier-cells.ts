/**
 * Cells of the offline-carrier calls (issue 3): launching to SOV and manual carriers, recording
 * a manual quote, reactivating a carrier, the sov-quote page's calls and the document download,
 * on the callers' company's records and on another company's.
 */
import { and, eq } from 'drizzle-orm';
import { quotes } from '../../../server/db/schema.ts';
import { updateQuote } from '../../../server/repositories/quotes-repository.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, applicationSnapshot, type Side } from './access-world.ts';
import {
  type Expected,
  MANAGERS_OTHER,
  MANAGERS_OWN,
  signedIn,
  WORKERS_OTHER,
  WORKERS_OWN,
} from './callers.ts';

const BUILDING = {
  location: '1700 Convention Center Dr, Miami Beach, FL 33139',
  building_value: 1_200_000,
  contents_value: 250_000,
  business_income: 400_000,
  construction: 'Masonry',
  occupancy: 'Owner Occupied',
  year_built: 1988,
  stories: 3,
};

const whose = (side: Side) => (side === 'own' ? "own company's" : "another company's");

/** Every offline-carrier cell. */
export function carrierCells(w: AccessWorld): Cell[] {
  const { own, other } = w;
  const records = (side: Side) => (side === 'own' ? own : other);
  const sides = ['own', 'other'] as const;

  /** A cell per side on the side's commercial application (`target` picks which one). */
  const onCommercial = (
    endpoint: string,
    verb: string,
    expected: Record<Side, Expected>,
    body: (side: Side) => Promise<Record<string, unknown>> | Record<string, unknown>,
    target: (side: Side) => number = (side) => records(side).commercialId,
  ): Cell[] =>
    sides.map((side) => ({
      name: `${endpoint.split('/api/')[1]} ${verb} ${whose(side)}`,
      endpoint,
      side,
      expected: expected[side],
      request: async () => ({ body: await body(side) }),
      unchanged: () => applicationSnapshot(w.t, target(side)),
    }));

  /** Removes the offline target's quotes of a source, so each launch really adds one. */
  const withoutOfflineQuotes = async (side: Side, source: 'sov' | 'manual') => {
    const id = records(side).offlineTargetId;
    await w.t.db.delete(quotes).where(and(eq(quotes.application_id, id), eq(quotes.source, source)));
    return id;
  };
  const workers = { own: WORKERS_OWN, other: WORKERS_OTHER };
  const managers = { own: MANAGERS_OWN, other: MANAGERS_OTHER };

  return [
    ...onCommercial(
      'POST /api/agent-portal/launch-application-sov-carriers',
      'launches',
      workers,
      async (side) => ({
        application_id: await withoutOfflineQuotes(side, 'sov'),
        sov_carrier_names_list: [w.sovCarrierId],
      }),
      (side) => records(side).offlineTargetId,
    ),
    ...onCommercial(
      'POST /api/agent-portal/launch-application-manual-carriers',
      'launches',
      workers,
      async (side) => ({
        application_id: await withoutOfflineQuotes(side, 'manual'),
        manual_carrier_names_list: [w.manualCarrier],
      }),
      (side) => records(side).offlineTargetId,
    ),
    ...onCommercial('POST /api/agent-portal/record-manual-quote', 'records', managers, (side) => ({
      application_id: records(side).commercialId,
      quote_id: records(side).manualQuoteId,
      status: 'quoted',
      premium: 900,
      coverages: { building_limit: 500_000 },
      message: 'Bound on request.',
    })),
    {
      name: "record-manual-quote of another company's quote through an own application",
      endpoint: 'POST /api/agent-portal/record-manual-quote',
      side: 'other',
      expected: signedIn([404, 404, 403, 403]),
      request: () => ({
        body: {
          application_id: own.commercialId,
          quote_id: other.manualQuoteId,
          status: 'declined',
          premium: null,
          coverages: {},
          message: null,
        },
      }),
      unchanged: () => applicationSnapshot(w.t, other.commercialId),
    },
    ...onCommercial('POST /api/agent-portal/reactivate-carrier', 'reactivates', workers, async (side) => {
      await updateQuote(w.t.db, records(side).automaticQuoteId, {
        status: 'error',
        message: 'Carrier down.',
      });
      return { application_id: records(side).commercialId, quote_id: records(side).automaticQuoteId };
    }),
    {
      name: "reactivate-carrier of another company's quote through an own application",
      endpoint: 'POST /api/agent-portal/reactivate-carrier',
      side: 'other',
      expected: signedIn([404, 404, 404, 403]),
      request: async () => {
        await updateQuote(w.t.db, other.automaticQuoteId, { status: 'error', message: 'Carrier down.' });
        return { body: { application_id: own.commercialId, quote_id: other.automaticQuoteId } };
      },
      unchanged: () => applicationSnapshot(w.t, other.commercialId),
    },
    ...onCommercial('POST /api/sov/get-sov-quote', 'reads', workers, (side) => ({
      carrier_id: w.sovCarrierId,
      application_id: records(side).commercialId,
    })),
    ...onCommercial('POST /api/sov/submit-statement-of-values', 'submits', workers, (side) => ({
      carrier_id: w.sovCarrierId,
      application_id: records(side).commercialId,
      buildings: [BUILDING],
    })),
    ...sides.map(
      (side): Cell => ({
        name: `GET files/{id} of ${whose(side)} manual quote document`,
        endpoint: 'GET /api/files/{id}',
        side,
        // The route has no customer check of its own: a customer's scope sees no application.
        expected: side === 'own' ? signedIn([200, 200, 200, 404]) : signedIn([200, 404, 404, 404]),
        request: () => ({ url: `/api/files/${records(side).fileId}` }),
      }),
    ),
  ];
}
