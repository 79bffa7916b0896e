/**
 * The texting calls of issue 14 under /api/texting/ (docs/api.md Texting): list-conversations,
 * get-conversation, send-message and the events stream (GET, session key in the query as
 * EventSource cannot send a body) for the workers of a company with a subscription or trial
 * (401, 403 for customers, 402), and the provider's webhooks, inbound/:company_id and
 * status/:company_id, form-encoded in Twilio's shape and accepted only with a valid
 * X-Twilio-Signature (403 otherwise). docs/decisions/210..214.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { closeStreamsOnShutdown, openEventStream } from '../http/event-stream.ts';
import { applicationCallerOf, linkCookiesSchema, linkSessionKeyOf } from '../http/link-session.ts';
import { interruptedBefore } from '../messaging/interrupted-send.ts';
import type { TextingEvents } from '../messaging/texting-events.ts';
import {
  listConversationsFor,
  MAX_SMS_LENGTH,
  openConversation,
  receiveDeliveryStatus,
  receiveInboundMessage,
  sendTextMessage,
  type TextingDeps,
  verifyWebhook,
  type WebhookKind,
} from '../services/texting-service.ts';
import { companyParamsSchema, fileQuerySchema, sessionBodySchema } from './request-schemas.ts';
import { areaRoute, type SchemaValue } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const body = sessionBodySchema;

/** One parameter of a provider's form post. */
const webhookParam = { type: 'string', maxLength: 2000 } as const;

/** A provider's form post: the named parameters required, any others (Twilio sends many) as text. */
const webhookBody = (required: string[]) =>
  ({
    type: 'object',
    required,
    maxProperties: 100,
    properties: Object.fromEntries(required.map((name) => [name, webhookParam])),
    additionalProperties: webhookParam,
  }) as const;

/** The TwiML answer Twilio expects from a messaging webhook: reply nothing. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Registers the texting calls, the events stream and the provider webhooks. */
export async function textingRoutes(
  app: FastifyInstance,
  options: { db: Executor; deps: TextingDeps; events: TextingEvents },
) {
  const { db, deps, events } = options;
  /** Messages still `sending` from before this were interrupted (no send outlives the timeout). */
  const sentBefore = () => interruptedBefore(new Date(), deps.config.providerTimeoutMs);
  const openStreams = closeStreamsOnShutdown(app);
  const post = areaRoute(app, db, 'texting');

  post(
    'texting/list-conversations',
    body({ search: { type: 'string', maxLength: 100 } }, []),
    async (request) => {
      const { search } = request.body;
      return success(
        'Conversations.',
        await listConversationsFor(db, actorOf(request), search, sentBefore()),
      );
    },
  );

  post(
    'texting/get-conversation',
    body({ conversation_id: positiveId }, ['conversation_id']),
    async (request) =>
      success(
        'Conversation.',
        await openConversation(db, actorOf(request), request.body.conversation_id, sentBefore()),
      ),
  );

  post(
    'texting/send-message',
    body(
      {
        conversation_id: positiveId,
        to: { type: 'string', minLength: 1, maxLength: 30 },
        application_id: positiveId,
        template_id: positiveId,
        body: { type: 'string', maxLength: MAX_SMS_LENGTH },
      },
      [],
    ),
    async (request) =>
      success('Message sent.', await sendTextMessage(db, deps, actorOf(request), request.body)),
  );

  app.get(
    '/api/texting/events',
    {
      schema: {
        tags: ['texting'],
        querystring: fileQuerySchema,
        cookies: linkCookiesSchema,
        response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
      },
      preValidation: applicationCallerOf(db, linkSessionKeyOf),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      let unsubscribe = () => {};
      const stream = openEventStream(request, reply, {
        lifetimeMs: deps.config.eventsStreamMs,
        open: openStreams,
        onEnd: () => unsubscribe(),
      });
      unsubscribe = events.subscribe(actor.role === 'super-admin' ? null : actor.companyId, (change) =>
        stream.send({
          event: 'text-message',
          data: {
            conversation_id: change.conversation_id,
            message_id: change.id,
            direction: change.direction,
            status: change.status,
            is_new: change.is_new,
            read: change.read,
          },
          id: change.id,
        }),
      );
    },
  );

  // The provider posts HTML-form bodies; only this encapsulated plugin parses them.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, payload, done) => done(null, Object.fromEntries(new URLSearchParams(payload as string))),
    );
    const webhook = (kind: WebhookKind, required: string[], receive: typeof receiveInboundMessage) =>
      webhooks.post<{
        Body: SchemaValue<ReturnType<typeof webhookBody>>;
        Params: SchemaValue<typeof companyParamsSchema>;
      }>(
        `/api/texting/${kind}/:company_id`,
        {
          schema: {
            tags: ['texting'],
            params: companyParamsSchema,
            body: webhookBody(required),
            response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
          },
        },
        async (request, reply) => {
          const companyId = Number(request.params.company_id);
          const signature = request.headers['x-twilio-signature'];
          const params = request.body;
          const provider = await verifyWebhook(
            db,
            deps,
            kind,
            companyId,
            typeof signature === 'string' ? signature : undefined,
            params,
          );
          await receive(db, companyId, provider, params);
          return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
        },
      );
    webhook('inbound', ['From', 'To', 'Body', 'MessageSid'], receiveInboundMessage);
    webhook('status', ['MessageSid', 'MessageStatus'], receiveDeliveryStatus);
  });
}
