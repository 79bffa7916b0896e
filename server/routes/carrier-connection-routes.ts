/**
 * carrier-connections/* (issue 19): an admin's live carrier connections in portal settings, on
 * the managed company (super-admins name it with company_id). list and update answer the
 * connections without a secret; test answers the sample quote and the masked exchanges.
 * docs/api-accounts.md Carrier connections, docs/decisions/360-carrier-connections-as-data.md.
 */
import type { FastifyInstance } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import type { LiveConnectors } from '../quoting/http/live-connectors.ts';
import {
  listCarrierConnections,
  testCarrierConnection,
  updateCarrierConnection,
} from '../services/carrier-connections-service.ts';
import { idSchema, sessionBodySchema } from './request-schemas.ts';
import { idOf, sessionRoute } from './session-route.ts';

const connectionId = { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 80 } as const;
/** A credential: printable (it goes into an HTTP header), bounded. */
const credential = {
  type: 'string',
  minLength: 1,
  maxLength: 2000,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
} as const;

/** A body on the managed company (`company_id` for super-admins) with `properties`. */
const body = <
  const Properties extends Readonly<Record<string, JSONSchema>>,
  const Required extends readonly (keyof Properties & string)[] = [],
>(
  properties: Properties,
  required?: Required,
) => sessionBodySchema({ company_id: idSchema, ...properties }, required);

export const listConnectionsBodySchema = body({});
export const updateConnectionBodySchema = body(
  {
    connection_id: connectionId,
    enabled: { type: 'boolean' },
    credentials: {
      type: 'object',
      maxProperties: 10,
      propertyNames: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 40 },
      additionalProperties: { anyOf: [credential, { type: 'null' }] },
    },
  },
  ['connection_id', 'enabled'],
);
export const testConnectionBodySchema = body({ connection_id: connectionId }, ['connection_id']);

/**
 * Registers carrier-connections/list, /update and /test over `file()`, the catalogue the live
 * connectors use (with CARRIER_CONNECTION_ORIGINS applied), so settings show the endpoint asked.
 */
export async function carrierConnectionRoutes(
  app: FastifyInstance,
  options: { db: Executor; live: LiveConnectors; file: () => CarriersFile },
) {
  const { db, live, file } = options;
  const route = sessionRoute(app, db, 'portal-settings');

  route('carrier-connections/list', listConnectionsBodySchema, async (request) => {
    const { company_id } = request.body;
    const connections = await listCarrierConnections(db, actorOf(request), idOf(company_id), file());
    return success('Carrier connections.', { connections });
  });

  route('carrier-connections/update', updateConnectionBodySchema, async (request) => {
    const { company_id, ...update } = request.body;
    const connections = await updateCarrierConnection(db, actorOf(request), idOf(company_id), update, file());
    return success('Carrier connection saved.', { connections });
  });

  route('carrier-connections/test', testConnectionBodySchema, async (request) => {
    const { company_id, connection_id } = request.body;
    const test = await testCarrierConnection(
      db,
      actorOf(request),
      idOf(company_id),
      connection_id,
      live,
      file(),
    );
    const message = test.answer
      ? `The carrier answered: ${test.answer.status}.`
      : `The test failed: ${test.error}`;
    return success(message, { test });
  });
}
