/**
 * The price predictor calls of issue 15 under /api/price-predictor/ (docs/api.md Price predictor):
 * get-model, predict, inputs-from-application and refit. Same guard as the application calls: a
 * session (401), not a customer (403), a subscription or trial (402); refit is for admins.
 * docs/decisions/201-price-predictor.md.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { pricePredictorConfig } from '../price-predictor/predictor-config.ts';
import {
  applicationRiskInputs,
  predictorModelView,
  predictPrice,
  requestRefit,
} from '../services/price-predictor-service.ts';
import { sessionBodySchema } from './request-schemas.ts';
import { areaRoute } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** A zone input: a short zone text, or null (not known). */
const zoneInputSchema = {
  anyOf: [{ type: 'string', maxLength: 10, pattern: '^[A-Za-z0-9]*$' }, { type: 'null' }],
} as const;

/** A number input (dollars, feet, year) within sane bounds, or null (not known). */
const numberInputSchema = {
  anyOf: [{ type: 'number', minimum: -1_000_000, maximum: 1_000_000_000 }, { type: 'null' }],
} as const;

/** Each configured input, by its kind. */
const inputsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    pricePredictorConfig.inputs.map((input) => [
      input.input,
      input.kind === 'zone' ? zoneInputSchema : numberInputSchema,
    ]),
  ),
} as const;

/** Registers price-predictor/get-model, predict, inputs-from-application and refit. */
export async function pricePredictorRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const post = areaRoute(app, db, 'price-predictor');

  post('price-predictor/get-model', sessionBodySchema({}), async () =>
    success('Price model.', await predictorModelView(db)),
  );

  post(
    'price-predictor/predict',
    sessionBodySchema({ product: { type: 'string', minLength: 1, maxLength: 40 }, inputs: inputsSchema }, [
      'product',
      'inputs',
    ]),
    async (request) => {
      const { product, inputs } = request.body;
      return success('Price prediction.', await predictPrice(db, product, inputs));
    },
  );

  post(
    'price-predictor/inputs-from-application',
    sessionBodySchema({ application_id: positiveId }, ['application_id']),
    async (request) => {
      const { application_id } = request.body;
      return success(
        'Application inputs.',
        await applicationRiskInputs(db, actorOf(request), application_id),
      );
    },
  );

  post('price-predictor/refit', sessionBodySchema({}), async (request) =>
    success('Refit queued.', await requestRefit(db, actorOf(request))),
  );
}
