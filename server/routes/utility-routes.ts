/** GET|POST /api/is-it-working-hour and POST /api/address/zip-lookup (docs/api.md, SPEC §7). */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { isItWorkingHour } from '../services/is-it-working-hour.ts';
import { lookUpZip } from '../services/look-up-zip.ts';
import { zipLookupBodySchema } from './request-schemas.ts';
import { sessionRoute } from './session-route.ts';

const response = { default: envelopeSchema };

/** Registers the working-hour flag (open to anyone) and the ZIP look-up (needs a session). */
export async function utilityRoutes(app: FastifyInstance, options: { db: Executor }) {
  const workingHour = async () => success('Working hour.', { isItWorkingHour: isItWorkingHour(new Date()) });
  app.get('/api/is-it-working-hour', { schema: { tags: ['utility'], response } }, workingHour);
  // The portal may POST it like every other call; whatever body it sends is ignored.
  app.post('/api/is-it-working-hour', { schema: { tags: ['utility'], response } }, workingHour);

  sessionRoute(app, options.db, 'utility')('address/zip-lookup', zipLookupBodySchema, async (request) => {
    const found = lookUpZip(request.body.zip);
    if (!found) throw new ApiError(404, 'ZIP code not found.', { zip: 'ZIP code not found.' });
    return success('ZIP code found.', found);
  });
}
