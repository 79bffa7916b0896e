/**
 * The property data calls of issue 15 under /api/property-data/ (docs/api.md Property data):
 * autocomplete {search}, verify-address {address} and lookup {application_id}; and issue 40's
 * background pre-fill: prefill {application_id} (queue a re-run) and prefill-status {application_id}. Same guard as the
 * application calls: a session (401), not a customer (403), a subscription or trial (402).
 * docs/decisions/230-property-data-providers.md.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import type { PropertyDataOptions } from '../property-data/build-providers.ts';
import { prefillStatus, requestPrefill } from '../services/property-data-prefill-job.ts';
import { autocompleteAddress, lookUpApplication, verifyAddress } from '../services/property-data-service.ts';
import { sessionBodySchema } from './request-schemas.ts';
import { areaRoute } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const line = (minLength: number, maxLength: number) => ({ type: 'string', minLength, maxLength }) as const;

/** A US address as the dialog holds it: street, optional unit, city, two-letter state, 5-digit ZIP. */
const addressSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['address1', 'city', 'state', 'zip'],
  properties: {
    address1: { ...line(1, 200), pattern: '\\S' },
    address2: line(0, 100),
    city: line(0, 100),
    state: { type: 'string', pattern: '^[A-Z]{2}$' },
    zip: { type: 'string', pattern: '^[0-9]{5}$' },
  },
} as const;

/** Registers property-data/autocomplete, verify-address, lookup, prefill and prefill-status. */
export async function propertyDataRoutes(
  app: FastifyInstance,
  options: { db: Executor; propertyData?: PropertyDataOptions },
) {
  const { db, propertyData } = options;
  const post = areaRoute(app, db, 'property-data');

  post(
    'property-data/autocomplete',
    sessionBodySchema({ search: { ...line(1, 200), pattern: '\\S' } }, ['search']),
    async (request) =>
      success(
        'Suggestions.',
        await autocompleteAddress(db, actorOf(request), request.body.search, propertyData),
      ),
  );

  post(
    'property-data/verify-address',
    sessionBodySchema({ address: addressSchema }, ['address']),
    async (request) => {
      const { address } = request.body;
      const verified = await verifyAddress(db, actorOf(request), { address2: '', ...address }, propertyData);
      return success('Address.', verified);
    },
  );

  post(
    'property-data/lookup',
    sessionBodySchema({ application_id: positiveId }, ['application_id']),
    async (request) =>
      success(
        'Property data.',
        await lookUpApplication(db, actorOf(request), request.body.application_id, propertyData),
      ),
  );

  const applicationBody = sessionBodySchema({ application_id: positiveId }, ['application_id']);

  post('property-data/prefill', applicationBody, async (request) =>
    success('Pre-fill queued.', await requestPrefill(db, actorOf(request), request.body.application_id)),
  );

  post('property-data/prefill-status', applicationBody, async (request) =>
    success('Pre-fill.', await prefillStatus(db, actorOf(request), request.body.application_id)),
  );
}
