/**
 * Cells of the price predictor calls (issue 15, docs/decisions/201-price-predictor.md): the
 * application callers' guard; every worker reads the model and predicts (the model holds no
 * company's records: no side); an application's inputs only for those who may see it; admins ask
 * for a refit (a refused ask queues nothing).
 */
import { eq } from 'drizzle-orm';
import { jobs } from '../../../server/db/schema.ts';
import { PRICE_MODEL_REFIT_KIND } from '../../../server/services/price-model-refit-job.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Owner } from './access-world.ts';
import { MANAGERS_OWN, WORKERS_COLLEAGUE, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

const WORKERS = { own: WORKERS_OWN, colleague: WORKERS_COLLEAGUE, other: WORKERS_OTHER };

/** Every price predictor cell. */
export function pricePredictorCells(w: AccessWorld): Cell[] {
  const refits = () => w.t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, PRICE_MODEL_REFIT_KIND));
  return [
    {
      name: 'price-predictor/get-model',
      endpoint: 'POST /api/price-predictor/get-model',
      side: 'none',
      expected: WORKERS_OWN,
      request: () => ({ body: {} }),
    },
    {
      name: 'price-predictor/predict',
      endpoint: 'POST /api/price-predictor/predict',
      side: 'none',
      expected: WORKERS_OWN,
      request: () => ({ body: { product: 'Primary', inputs: { flood_zone: 'AE', building_limit: 200000 } } }),
    },
    ...(Object.keys(OWNERS) as Owner[]).map(
      (owner): Cell => ({
        name: `price-predictor/inputs-from-application of ${OWNERS[owner].whose}`,
        endpoint: 'POST /api/price-predictor/inputs-from-application',
        side: OWNERS[owner].side,
        expected: WORKERS[owner],
        request: () => ({ body: { application_id: w.agent(owner).applicationId } }),
      }),
    ),
    {
      name: 'price-predictor/refit',
      endpoint: 'POST /api/price-predictor/refit',
      side: 'none',
      expected: MANAGERS_OWN,
      request: () => ({ body: {} }),
      unchanged: refits,
    },
  ];
}
