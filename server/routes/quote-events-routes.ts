/**
 * GET /api/agent-portal/quote-events?session_key=&application_id= (issue 17 "Live quotes",
 * docs/decisions/204-live-quotes.md): a server-sent events stream of one application's quotes,
 * authorised as get-application-by-id (401 without a session, 403 for a customer, 402 without
 * subscription or trial, 404 for an application the caller may not see; each answered with the
 * SPEC §8 envelope before the stream opens). Events: `application` (status, relaunch count,
 * launched_at), `quote` (a new or changed quote as docs/api.md Quote) and `quote-removed` ({id}).
 * The stream looks at the application every `timing.pollMs`, so quotes written by any
 * process arrive; it ends when the application is no longer visible or after `timing.streamMs`.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema } from '../http/envelope.ts';
import { closeStreamsOnShutdown, openEventStream } from '../http/event-stream.ts';
import { applicationCallerOf, linkCookiesSchema, linkSessionKeyOf } from '../http/link-session.ts';
import {
  type LiveQuotesTiming,
  liveQuoteEvents,
  liveQuotesSnapshot,
  NOTHING_SENT,
} from '../services/live-quotes.ts';
import { sessionKeySchema } from './request-schemas.ts';
import type { SchemaValue } from './session-route.ts';

const quoteEventsQuerySchema = {
  type: 'object',
  required: ['application_id'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    application_id: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
  },
} as const;

/** Registers the live quotes stream. */
export async function quoteEventsRoutes(
  app: FastifyInstance,
  options: { db: Executor; timing: LiveQuotesTiming; carriersBusy: () => Promise<boolean> },
) {
  const { db, timing, carriersBusy } = options;
  const openStreams = closeStreamsOnShutdown(app);
  app.get<{ Querystring: SchemaValue<typeof quoteEventsQuerySchema> }>(
    '/api/agent-portal/quote-events',
    {
      schema: {
        tags: ['applications'],
        querystring: quoteEventsQuerySchema,
        cookies: linkCookiesSchema,
        response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
      },
      preValidation: applicationCallerOf(db, linkSessionKeyOf),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const applicationId = Number(request.query.application_id);
      // Refusals answer as get-application-by-id does, before the stream opens.
      let sent = NOTHING_SENT;
      const first = await liveQuotesSnapshot(db, actor, applicationId, carriersBusy);
      let timer: NodeJS.Timeout | undefined;
      const stream = openEventStream(request, reply, {
        lifetimeMs: timing.streamMs,
        open: openStreams,
        onEnd: () => clearInterval(timer),
      });
      const sendChanges = (snapshot: typeof first) => {
        const next = liveQuoteEvents(sent, snapshot);
        sent = next.sent;
        stream.send(...next.events);
      };
      sendChanges(first);
      let polling = false;
      timer = setInterval(async () => {
        if (polling) return;
        polling = true;
        try {
          sendChanges(await liveQuotesSnapshot(db, actor, applicationId, carriersBusy));
        } catch (error) {
          // Deleted, or no longer the caller's: the reconnect answers why (404); anything else is logged.
          if (!(error instanceof ApiError && error.statusCode === 404))
            request.log.error({ err: error }, 'live quotes poll failed');
          stream.end();
        } finally {
          polling = false;
        }
      }, timing.pollMs);
    },
  );
}
