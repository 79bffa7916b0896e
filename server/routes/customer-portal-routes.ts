/**
 * The customer portal calls (issue 16, docs/api.md Customer portal): a customer's own
 * applications and their "contact my agent" / "I want this quote" request under
 * /api/customer-portal/ (customers only: 403 for every other role), and the agent's side under
 * /api/agent-portal/ (the application callers' guard: customers 403, 402 without a subscription):
 * who the client of an application is and may be; and the open quote view a signed
 * `{{quote_link}}` opens without an account. docs/decisions/270-customer-portal.md, 440.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import type { Mailer } from '../mail/mailer.ts';
import { QUOTE_VIEW_TOKEN_PATTERN } from '../messaging/quote-view-token.ts';
import type { AccountsConfig } from '../services/accounts-config.ts';
import {
  applicationClients,
  contactAgent,
  listClientApplications,
  setApplicationClient,
} from '../services/customer-portal-service.ts';
import { companySmtp } from '../services/portal-settings/smtp-settings.ts';
import { quoteView } from '../services/quote-view-service.ts';
import { applicationIdBodySchema, idSchema, sessionBodySchema, sessionKeySchema } from './request-schemas.ts';
import { areaRoute, openRoute, sessionRoute } from './session-route.ts';

/** Longest message a customer adds to their request. */
export const MAX_CONTACT_MESSAGE_LENGTH = 1000;

const nullableId = { anyOf: [idSchema, { type: 'null' }] } as const;

export const contactAgentBodySchema = sessionBodySchema(
  {
    application_id: idSchema,
    quote_id: nullableId,
    message: { type: ['string', 'null'], maxLength: MAX_CONTACT_MESSAGE_LENGTH },
  },
  ['application_id'],
);

/** The quote view's body: the link's token; a session key is accepted and ignored (the call is open). */
export const quoteViewBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { session_key: sessionKeySchema, token: { type: 'string', pattern: QUOTE_VIEW_TOKEN_PATTERN } },
} as const;

export const setApplicationClientBodySchema = sessionBodySchema(
  { application_id: idSchema, client_user_id: nullableId },
  ['application_id', 'client_user_id'],
);

/** Registers the customer portal calls and the agent's client calls. */
export async function customerPortalRoutes(
  app: FastifyInstance,
  options: { db: Executor; mailer: Mailer; config: AccountsConfig },
) {
  const { db, mailer, config } = options;
  const route = sessionRoute(app, db, 'customer-portal');

  route('customer-portal/get-my-applications', sessionBodySchema({}, []), async (request) =>
    success('Your applications.', await listClientApplications(db, actorOf(request))),
  );

  route('customer-portal/contact-agent', contactAgentBodySchema, async (request) => {
    const body = request.body;
    const data = await contactAgent(
      db,
      actorOf(request),
      {
        applicationId: Number(body.application_id),
        quoteId: body.quote_id === undefined || body.quote_id === null ? null : Number(body.quote_id),
        message: body.message ?? null,
      },
      {
        mailer,
        companySmtp: companySmtp(request.account?.company ?? null),
        publicBaseUrl: config.publicBaseUrl,
      },
      (error) => request.log.error({ err: error }, 'customer contact mail failed'),
    );
    return success('Your agent has been told.', data);
  });

  openRoute(app, 'customer-portal')('customer-portal/quote-view', quoteViewBodySchema, async (request) =>
    success('Your quotes.', {
      application: await quoteView(db, request.body.token),
    }),
  );

  const agentRoute = areaRoute(app, db, 'applications');

  agentRoute('agent-portal/get-application-clients', applicationIdBodySchema, async (request) => {
    const body = request.body;
    return success('Clients.', await applicationClients(db, actorOf(request), Number(body.application_id)));
  });

  agentRoute('agent-portal/set-application-client', setApplicationClientBodySchema, async (request) => {
    const body = request.body;
    const data = await setApplicationClient(
      db,
      actorOf(request),
      Number(body.application_id),
      body.client_user_id === null ? null : Number(body.client_user_id),
    );
    return success(data.client_user_id === null ? 'Client removed.' : 'Client set.', data);
  });
}
