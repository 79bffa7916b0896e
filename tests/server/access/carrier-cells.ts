/**
 * Cells of the offline-carrier calls (issue 3): launching to SOV and manual carriers, recording
 * a manual quote, reactivating a carrier, the sov-quote page's calls and the document download,
 * on the demo agent's applications, a colleague's in the same company and another company's.
 */
import { and, eq } from 'drizzle-orm';
import { quotes } from '../../../server/db/schema.ts';
import { updateQuote } from '../../../server/repositories/quotes-repository.ts';
import { SOV_BUILDING } from '../helpers/sample-records.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Owner, type Side } from './access-world.ts';
import {
  type Expected,
  MANAGERS_OTHER,
  MANAGERS_OWN,
  signedIn,
  WORKERS_COLLEAGUE,
  WORKERS_OTHER,
  WORKERS_OWN,
} from './callers.ts';
import { applicationSnapshot } from './record-snapshots.ts';

/** Application calls: an agent only on their own, their admin on the company's, customers never. */
const WORKERS: Record<Owner, Expected> = {
  own: WORKERS_OWN,
  colleague: WORKERS_COLLEAGUE,
  other: WORKERS_OTHER,
};
/** Staff calls (record a manual quote): admins on their company's applications, agents never. */
const MANAGERS: Record<Owner, Expected> = {
  own: MANAGERS_OWN,
  colleague: MANAGERS_OWN,
  other: MANAGERS_OTHER,
};

/** Every offline-carrier cell. */
export function carrierCells(w: AccessWorld): Cell[] {
  const { own, other } = w;
  const records = w.agent;

  /** A cell per owner of `expected` on the owner's commercial application (`target` picks which). */
  const onCommercial = (
    endpoint: string,
    verb: string,
    expected: Partial<Record<Owner, Expected>>,
    body: (owner: Owner) => Promise<Record<string, unknown>> | Record<string, unknown>,
    target: (owner: Owner) => number = (owner) => records(owner).commercialId,
  ): Cell[] =>
    (Object.keys(expected) as Owner[]).map((owner) => ({
      name: `${endpoint.split('/api/')[1]} ${verb} ${OWNERS[owner].whose}`,
      endpoint,
      side: OWNERS[owner].side,
      expected: expected[owner] as Expected,
      request: async () => ({ body: await body(owner) }),
      unchanged: () => applicationSnapshot(w.t, target(owner)),
    }));

  /** Removes the offline target's quotes of a source, so each launch really adds one. */
  const withoutOfflineQuotes = async (side: Side, source: 'sov' | 'manual') => {
    const id = (side === 'own' ? own : other).offlineTargetId;
    await w.t.db.delete(quotes).where(and(eq(quotes.application_id, id), eq(quotes.source, source)));
    return id;
  };
  const offlineTarget = (owner: Owner) => (owner === 'own' ? own : other).offlineTargetId;
  const sideWorkers = { own: WORKERS_OWN, other: WORKERS_OTHER };

  return [
    ...onCommercial(
      'POST /api/agent-portal/launch-application-sov-carriers',
      'launches',
      sideWorkers,
      async (owner) => ({
        application_id: await withoutOfflineQuotes(OWNERS[owner].side, 'sov'),
        sov_carrier_names_list: [w.sovCarrierId],
      }),
      offlineTarget,
    ),
    ...onCommercial(
      'POST /api/agent-portal/launch-application-manual-carriers',
      'launches',
      sideWorkers,
      async (owner) => ({
        application_id: await withoutOfflineQuotes(OWNERS[owner].side, 'manual'),
        manual_carrier_names_list: [w.manualCarrier],
      }),
      offlineTarget,
    ),
    ...onCommercial('POST /api/agent-portal/record-manual-quote', 'records', MANAGERS, (owner) => ({
      application_id: records(owner).commercialId,
      quote_id: records(owner).manualQuoteId,
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
    ...onCommercial('POST /api/agent-portal/reactivate-carrier', 'reactivates', WORKERS, async (owner) => {
      await updateQuote(w.t.db, records(owner).automaticQuoteId, {
        status: 'error',
        message: 'Carrier down.',
      });
      return { application_id: records(owner).commercialId, quote_id: records(owner).automaticQuoteId };
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
    ...onCommercial('POST /api/sov/get-sov-quote', 'reads', WORKERS, (owner) => ({
      carrier_id: w.sovCarrierId,
      application_id: records(owner).commercialId,
    })),
    ...onCommercial('POST /api/sov/submit-statement-of-values', 'submits', WORKERS, (owner) => ({
      carrier_id: w.sovCarrierId,
      application_id: records(owner).commercialId,
      buildings: [SOV_BUILDING],
    })),
    ...(Object.keys(OWNERS) as Owner[]).map(
      (owner): Cell => ({
        name: `GET files/{id} of ${OWNERS[owner].whose} manual quote document`,
        endpoint: 'GET /api/files/{id}',
        side: OWNERS[owner].side,
        // Customers are refused as on every application call.
        expected: [...WORKERS[owner].slice(0, 3), 403, 401, 401, 401] as Expected,
        request: () => ({ url: `/api/files/${records(owner).fileId}` }),
      }),
    ),
  ];
}
