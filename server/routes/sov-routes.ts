/**
 * The sov-quote page's calls under /api/sov/ (docs/api.md issue 3, SPEC §2 sov-quote route).
 * carrier_id and application_id pass the body schema as any short string, so a wrong one
 * answers SPEC §2's 404 texts rather than a 400.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { getSovQuote, type SovSubmitOptions, submitStatementOfValues } from '../services/sov-service.ts';
import { getSovQuoteBodySchema, submitStatementBodySchema } from './request-schemas.ts';
import { areaRoute } from './session-route.ts';

/** Registers sov/get-sov-quote and sov/submit-statement-of-values; customers get 403. */
export async function sovRoutes(app: FastifyInstance, options: { db: Executor; sov?: SovSubmitOptions }) {
  const { db } = options;
  const route = areaRoute(app, db, 'sov');

  route('sov/get-sov-quote', getSovQuoteBodySchema, async (request) => {
    const body = request.body;
    const data = await getSovQuote(db, actorOf(request), body.carrier_id, body.application_id);
    return success('SOV quote.', data);
  });

  route('sov/submit-statement-of-values', submitStatementBodySchema, async (request) => {
    const body = request.body;
    const application = await submitStatementOfValues(
      db,
      actorOf(request),
      body.carrier_id,
      body.application_id,
      body.buildings,
      options.sov,
    );
    return success('Statement of values submitted.', { application });
  });
}
