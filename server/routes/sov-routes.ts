/**
 * The sov-quote page's calls under /api/sov/ (docs/api.md issue 3, SPEC §2 sov-quote route).
 * carrier_id and application_id pass the body schema as any short string, so a wrong one
 * answers SPEC §2's 404 texts rather than a 400.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import type { SovBuilding } from '../quoting/sov-building.ts';
import { getSovQuote, type SovSubmitOptions, submitStatementOfValues } from '../services/sov-service.ts';
import { getSovQuoteBodySchema, submitStatementBodySchema } from './request-schemas.ts';

const response = { default: envelopeSchema };

interface SovBody {
  carrier_id: string;
  application_id: string | number;
  buildings?: SovBuilding[];
}

/** Registers sov/get-sov-quote and sov/submit-statement-of-values; customers get 403. */
export async function sovRoutes(app: FastifyInstance, options: { db: Executor; sov?: SovSubmitOptions }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);

  app.post(
    '/api/sov/get-sov-quote',
    { schema: { tags: ['sov'], body: getSovQuoteBodySchema, response }, preValidation },
    async (request) => {
      const body = request.body as SovBody;
      const data = await getSovQuote(db, actorOf(request), body.carrier_id, body.application_id);
      return success('SOV quote.', data);
    },
  );

  app.post(
    '/api/sov/submit-statement-of-values',
    { schema: { tags: ['sov'], body: submitStatementBodySchema, response }, preValidation },
    async (request) => {
      const body = request.body as SovBody;
      const application = await submitStatementOfValues(
        db,
        actorOf(request),
        body.carrier_id,
        body.application_id,
        body.buildings as SovBuilding[],
        options.sov,
      );
      return success('Statement of values submitted.', { application });
    },
  );
}
