/**
 * Issue 3 calls under /api/agent-portal/ (docs/api.md, SPEC §7): launch to SOV and manual
 * carriers, record a manual quote, reactivate a carrier. Thin handlers, as application-routes.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

const response = { default: envelopeSchema };

/** Room for a maximal base64 document plus the rest of the body, in bytes. */
export const RECORD_MANUAL_QUOTE_BODY_LIMIT_BYTES = MAX_DOCUMENT_BASE64_LENGTH + 64 * 1024;

type Body = Record<string, unknown>;

/** Registers the SOV, manual and reactivation calls; each needs a session and is closed to customers. */
export async function carrierRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);
  const route = (
    path: string,
    body: object,
    handler: (request: FastifyRequest, actorBody: Body) => Promise<unknown>,
    bodyLimit?: number,
  ) =>
    app.post(
      `/api/agent-portal/${path}`,
      {
        schema: { tags: ['carriers'], body, response },
        ...(bodyLimit ? { bodyLimit } : {}),
        preValidation,
      },
      (request) => handler(request, request.body as Body),
    );

  route('launch-application-sov-carriers', launchSovBodySchema, async (request, body) => {
    const application = await launchSovCarriers(
      db,
      actorOf(request),
      Number(body.application_id),
      body.sov_carrier_names_list as string[],
    );
    return success('Application launched to the SOV carriers.', { application });
  });

  route('launch-application-manual-carriers', launchManualBodySchema, async (request, body) => {
    const application = await launchManualCarriers(
      db,
      actorOf(request),
      Number(body.application_id),
      body.manual_carrier_names_list as string[],
    );
    return success('Application launched to the manual carriers.', { application });
  });

  route(
    'record-manual-quote',
    recordManualQuoteBodySchema,
    async (request, body) => {
      const input: ManualQuoteInput = {
        quote_id: Number(body.quote_id),
        status: body.status as ManualQuoteInput['status'],
        premium: (body.premium as number | null) ?? null,
        coverages: (body.coverages as ManualQuoteInput['coverages']) ?? {},
        message: (body.message as string | null) ?? null,
        document: body.document as ManualQuoteInput['document'],
      };
      const application = await recordManualQuote(db, actorOf(request), Number(body.application_id), input);
      return success('Manual quote recorded.', { application });
    },
    RECORD_MANUAL_QUOTE_BODY_LIMIT_BYTES,
  );

  route('reactivate-carrier', reactivateBodySchema, async (request, body) => {
    const application = await reactivateCarrier(
      db,
      actorOf(request),
      Number(body.application_id),
      Number(body.quote_id),
    );
    return success('Carrier reactivated.', { application });
  });
}
