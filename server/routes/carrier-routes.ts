/**
 * Issue 3 calls under /api/agent-portal/ (docs/api.md, SPEC §7): launch to SOV and manual
 * carriers, record a manual quote, reactivate a carrier. Thin handlers, as application-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { MAX_DOCUMENT_BASE64_LENGTH } from '../services/document-upload.ts';
import { type ManualQuoteInput, recordManualQuote } from '../services/manual-quote-service.ts';
import {
  launchManualCarriers,
  launchSovCarriers,
  reactivateCarrier,
} from '../services/offline-carriers-service.ts';
import {
  launchManualBodySchema,
  launchSovBodySchema,
  reactivateBodySchema,
  recordManualQuoteBodySchema,
} from './request-schemas.ts';
import { areaRoute, type SchemaValue } from './session-route.ts';

const response = { default: envelopeSchema };

/** Room for a maximal base64 document plus the rest of the body, in bytes. */
export const RECORD_MANUAL_QUOTE_BODY_LIMIT_BYTES = MAX_DOCUMENT_BASE64_LENGTH + 64 * 1024;

/** Registers the SOV, manual and reactivation calls; each needs a session and is closed to customers. */
export async function carrierRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const route = areaRoute(app, db, 'carriers');

  route('agent-portal/launch-application-sov-carriers', launchSovBodySchema, async (request) => {
    const { body } = request;
    const application = await launchSovCarriers(
      db,
      actorOf(request),
      Number(body.application_id),
      body.sov_carrier_names_list,
    );
    return success('Application launched to the SOV carriers.', { application });
  });

  route('agent-portal/launch-application-manual-carriers', launchManualBodySchema, async (request) => {
    const { body } = request;
    const application = await launchManualCarriers(
      db,
      actorOf(request),
      Number(body.application_id),
      body.manual_carrier_names_list,
    );
    return success('Application launched to the manual carriers.', { application });
  });

  app.post<{ Body: SchemaValue<typeof recordManualQuoteBodySchema> }>(
    '/api/agent-portal/record-manual-quote',
    {
      schema: { tags: ['carriers'], body: recordManualQuoteBodySchema, response },
      bodyLimit: RECORD_MANUAL_QUOTE_BODY_LIMIT_BYTES,
      preValidation: applicationAccessHook(db),
    },
    async (request) => {
      const { body } = request;
      const input: ManualQuoteInput = {
        quote_id: Number(body.quote_id),
        status: body.status,
        premium: body.premium ?? null,
        coverages: body.coverages ?? {},
        message: body.message ?? null,
        document: body.document,
      };
      const application = await recordManualQuote(db, actorOf(request), Number(body.application_id), input);
      return success('Manual quote recorded.', { application });
    },
  );

  route('agent-portal/reactivate-carrier', reactivateBodySchema, async (request) => {
    const { body } = request;
    const application = await reactivateCarrier(
      db,
      actorOf(request),
      Number(body.application_id),
      Number(body.quote_id),
    );
    return success('Carrier reactivated.', { application });
  });
}
