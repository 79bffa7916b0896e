/**
 * The quote document calls of issue 13 (docs/api.md Quote documents; SPEC §2 Dialogs:
 * market-breakdown and flood-rejection PDF downloads, send/download quote) under
 * /api/agent-portal/. Guarded as every application call (401, 403 customer, 402 without
 * subscription or trial); the application itself as get-application-by-id (404 when not the
 * caller's). The downloads answer application/pdf, errors the envelope. preview-quote-email renders
 * the send dialog's subject and message as send-quote would (issue 40).
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  previewQuoteEmail,
  type QuoteDocumentKind,
  quoteDocument,
  quoteEmailTemplates,
  sendQuote,
} from '../services/quote-documents-service.ts';
import {
  previewQuoteEmailBodySchema,
  quoteDocumentBodySchema,
  sendQuoteBodySchema,
} from './quote-document-request-schemas.ts';
import { applicationIdBodySchema } from './request-schemas.ts';
import { areaRoute, type SchemaValue } from './session-route.ts';

/**
 * Registers download-market-breakdown-pdf, download-flood-rejection-pdf, get-quote-email-templates,
 * preview-quote-email and send-quote.
 */
export async function quoteDocumentRoutes(
  app: FastifyInstance,
  options: { db: Executor; mailer: Mailer; publicBaseUrl: string },
) {
  const { db, mailer, publicBaseUrl } = options;
  const preValidation = applicationAccessHook(db);

  for (const kind of ['market-breakdown', 'flood-rejection'] as QuoteDocumentKind[]) {
    app.post<{ Body: SchemaValue<typeof quoteDocumentBodySchema> }>(
      `/api/agent-portal/download-${kind}-pdf`,
      {
        schema: {
          tags: ['applications'],
          body: quoteDocumentBodySchema,
          response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
        },
        preValidation,
      },
      async (request, reply) => {
        const body = request.body;
        const file = await quoteDocument(
          db,
          actorOf(request),
          kind,
          Number(body.application_id),
          body.quote_ids?.map(Number),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.bytes));
      },
    );
  }

  const route = areaRoute(app, db, 'applications');

  route('agent-portal/get-quote-email-templates', applicationIdBodySchema, async (request) =>
    success(
      'E-mail templates.',
      await quoteEmailTemplates(db, actorOf(request), Number(request.body.application_id)),
    ),
  );

  route('agent-portal/preview-quote-email', previewQuoteEmailBodySchema, async (request) => {
    const body = request.body;
    const data = await previewQuoteEmail(db, publicBaseUrl, actorOf(request), {
      ...body,
      application_id: Number(body.application_id),
      quote_ids: body.quote_ids.map(Number),
    });
    return success('E-mail preview.', data);
  });

  route('agent-portal/send-quote', sendQuoteBodySchema, async (request) => {
    const body = request.body;
    const data = await sendQuote(db, { mailer, publicBaseUrl }, actorOf(request), {
      ...body,
      application_id: Number(body.application_id),
      quote_ids: body.quote_ids.map(Number),
    });
    return success('Quote sent.', data);
  });
}
