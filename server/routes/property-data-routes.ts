/**
 * The property data calls of issue 15 under /api/property-data/ (docs/api.md Property data):
 * autocomplete {search}, verify-address {address} and lookup {application_id}; and issue 40's
 * background pre-fill: prefill {application_id} (queue a re-run) and prefill-status {application_id}. Same guard as the
 * application calls: a session (401), not a customer (403), a subscription or trial (402).
 * docs/decisions/230-property-data-providers.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import type { PropertyDataOptions } from '../property-data/build-providers.ts';
import type { PropertyAddress } from '../property-data/types.ts';
import { prefillStatus, requestPrefill } from '../services/property-data-prefill-job.ts';
import { autocompleteAddress, lookUpApplication, verifyAddress } from '../services/property-data-service.ts';
import { sessionKeySchema } from './request-schemas.ts';
import { bodyOf } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const line = (minLength: number, maxLength: number) => ({ type: 'string', minLength, maxLength }) as const;

const body = (properties: Record<string, object>, required: string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    required,
    properties: { session_key: sessionKeySchema, ...properties },
  }) as const;

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
  const preValidation = applicationAccessHook(db);
  const post = (path: string, schema: object, handler: (request: FastifyRequest) => Promise<unknown>) =>
    app.post(
      `/api/property-data/${path}`,
      {
        schema: { tags: ['property-data'], body: schema, response: { default: envelopeSchema } },
        preValidation,
      },
      handler,
    );

  post('autocomplete', body({ search: { ...line(1, 200), pattern: '\\S' } }, ['search']), async (request) =>
    success(
      'Suggestions.',
      await autocompleteAddress(
        db,
        actorOf(request),
        bodyOf<{ search: string }>(request).search,
        propertyData,
      ),
    ),
  );

  post('verify-address', body({ address: addressSchema }, ['address']), async (request) => {
    const { address } = bodyOf<{ address: Omit<PropertyAddress, 'address2'> & { address2?: string } }>(
      request,
    );
    const verified = await verifyAddress(db, actorOf(request), { address2: '', ...address }, propertyData);
    return success('Address.', verified);
  });

  post('lookup', body({ application_id: positiveId }, ['application_id']), async (request) =>
    success(
      'Property data.',
      await lookUpApplication(
        db,
        actorOf(request),
        bodyOf<{ application_id: number }>(request).application_id,
        propertyData,
      ),
    ),
  );

  const applicationBody = body({ application_id: positiveId }, ['application_id']);
  const applicationId = (request: FastifyRequest) =>
    bodyOf<{ application_id: number }>(request).application_id;

  post('prefill', applicationBody, async (request) =>
    success('Pre-fill queued.', await requestPrefill(db, actorOf(request), applicationId(request))),
  );

  post('prefill-status', applicationBody, async (request) =>
    success('Pre-fill.', await prefillStatus(db, actorOf(request), applicationId(request))),
  );
}
