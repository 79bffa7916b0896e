/**
 * The price predictor calls of issue 15 under /api/price-predictor/ (docs/api.md Price predictor):
 * get-model, predict, inputs-from-application and refit. Same guard as the application calls: a
 * session (401), not a customer (403), a subscription or trial (402); refit is for admins.
 * docs/decisions/201-price-predictor.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { pricePredictorConfig } from '../price-predictor/predictor-config.ts';
import type { RiskInputs } from '../price-predictor/risk-inputs.ts';
import {
  applicationRiskInputs,
  predictorModelView,
  predictPrice,
  requestRefit,
} from '../services/price-predictor-service.ts';
import { sessionKeySchema } from './request-schemas.ts';
import { bodyOf } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** Each configured input: a zone text, or a number (dollars, feet, year) within sane bounds; null = not known. */
const inputsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    pricePredictorConfig.inputs.map((input) => [
      input.input,
      input.kind === 'zone'
        ? { anyOf: [{ type: 'string', maxLength: 10, pattern: '^[A-Za-z0-9]*$' }, { type: 'null' }] }
        : { anyOf: [{ type: 'number', minimum: -1_000_000, maximum: 1_000_000_000 }, { type: 'null' }] },
    ]),
  ),
} as const;

const body = (properties: Record<string, object>, required: string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    required,
    properties: { session_key: sessionKeySchema, ...properties },
  }) as const;

/** Registers price-predictor/get-model, predict, inputs-from-application and refit. */
export async function pricePredictorRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);
  const post = (path: string, schema: object, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app.post(
      `/api/price-predictor/${path}`,
      {
        schema: { tags: ['price-predictor'], body: schema, response: { default: envelopeSchema } },
        preValidation,
      },
      handler,
    );

  post('get-model', body({}, []), async () => success('Price model.', await predictorModelView(db)));

  post(
    'predict',
    body({ product: { type: 'string', minLength: 1, maxLength: 40 }, inputs: inputsSchema }, [
      'product',
      'inputs',
    ]),
    async (request) => {
      const { product, inputs } = bodyOf<{ product: string; inputs: RiskInputs }>(request);
      return success('Price prediction.', await predictPrice(db, product, inputs));
    },
  );

  post(
    'inputs-from-application',
    body({ application_id: positiveId }, ['application_id']),
    async (request) => {
      const { application_id } = bodyOf<{ application_id: number }>(request);
      return success(
        'Application inputs.',
        await applicationRiskInputs(db, actorOf(request), application_id),
      );
    },
  );

  post('refit', body({}, []), async (request) =>
    success('Refit queued.', await requestRefit(db, actorOf(request))),
  );
}
