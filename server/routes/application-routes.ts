/**
 * The application calls of docs/api.md under /api/agent-portal/ (SPEC §7). Handlers stay thin:
 * parse the checked body, call the service, wrap the answer in the envelope.
 */

import type { FastifyInstance } from 'fastify';
import { auditCallerOf } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { CARRIERS_BUSY_MESSAGE, LAUNCHED_MESSAGE } from '../quoting/quote-backlog.ts';
import {
  createApplication,
  deleteApplication,
  getApplication,
  launchApplication,
  resetApplication,
  toggleAlertNote,
  updateApplicationDetails,
} from '../services/applications-service.ts';
import { DEFAULT_PER_PAGE, listAgentApplications, MAX_PER_PAGE } from '../services/listing-service.ts';
import { schemaSetView } from '../services/schema-versions.ts';
import {
  applicationIdBodySchema,
  createBodySchema,
  deleteBodySchema,
  detailsBodySchema,
  listingBodySchema,
  listingQuerySchema,
  schemaSetBodySchema,
  toggleNoteBodySchema,
  updateBodySchema,
} from './request-schemas.ts';
import { areaRoute, hookedRoute, type SchemaValue } from './session-route.ts';

const response = { default: envelopeSchema };

/**
 * Registers the application routes; every one needs a session, is closed to customers and to
 * companies without a subscription or trial (402).
 */
export async function applicationRoutes(
  app: FastifyInstance,
  options: { db: Executor; carriersBusy: () => Promise<boolean> },
) {
  const { db, carriersBusy } = options;
  const route = areaRoute(app, db, 'applications');
  // The calls that read one application with the session (ADR 590, 744).
  const readingRoute = hookedRoute(
    app,
    'applications',
    applicationAccessHook(db, { readsApplication: true }),
  );

  app.post<{
    Body: SchemaValue<typeof listingBodySchema>;
    Querystring: SchemaValue<typeof listingQuerySchema>;
  }>(
    '/api/agent-portal/get-agent-applications-list',
    {
      schema: { tags: ['applications'], body: listingBodySchema, querystring: listingQuerySchema, response },
      preValidation: applicationAccessHook(db),
    },
    async (request) => {
      const { query, body } = request;
      const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
      if (perPage > MAX_PER_PAGE) {
        const message = `querystring.per_page must be <= ${MAX_PER_PAGE}`;
        throw new ApiError(400, `Invalid request: ${message}`, { 'querystring.per_page': message });
      }
      const agentId =
        body.agent_id === null || body.agent_id === undefined || body.agent_id === ''
          ? undefined
          : Number(body.agent_id);
      const data = await listAgentApplications(db, actorOf(request), {
        page: Number(query.page ?? 1),
        perPage,
        agentId,
        applicationSource: body.application_source ?? undefined,
        filters: body.filters ?? {},
      });
      return success('Applications.', data);
    },
  );

  // The session and the application in one statement (docs/decisions/590-get-in-one-statement.md).
  readingRoute('agent-portal/get-application-by-id', applicationIdBodySchema, async (request) => {
    const id = Number(request.body.application_id);
    const read = request.applicationRead?.id === id ? request.applicationRead : null;
    const application = await getApplication(db, actorOf(request), id, read?.found);
    return success('Application.', { application });
  });

  route('agent-portal/get-schema-set', schemaSetBodySchema, async (request) => {
    const requested = request.body.schema_version;
    return success('Schema set.', await schemaSetView(db, requested));
  });

  route('agent-portal/create-new-application', createBodySchema, async (request) => {
    const application = await createApplication(db, actorOf(request), request.body);
    return success('Application created.', { application });
  });

  // The session and the application in one statement, the save in one more (ADR 744).
  readingRoute('agent-portal/update-application', updateBodySchema, async (request) => {
    const { body } = request;
    const id = Number(body.application_id);
    const read = request.applicationRead?.id === id ? request.applicationRead : null;
    const application = await updateApplicationDetails(
      db,
      actorOf(request),
      id,
      body.address_details,
      body.version,
      read?.found,
    );
    return success('Application saved.', { application });
  });

  route('agent-portal/launch-application', detailsBodySchema, async (request) => {
    const { body } = request;
    const data = await launchApplication(
      db,
      actorOf(request),
      Number(body.application_id),
      body.address_details,
    );
    // Accepted and queued either way; the message says honestly when quotes will be slow (issue 47).
    return success((await carriersBusy()) ? CARRIERS_BUSY_MESSAGE : LAUNCHED_MESSAGE, data);
  });

  route('agent-portal/reset-application', applicationIdBodySchema, async (request) => {
    const application = await resetApplication(db, actorOf(request), Number(request.body.application_id));
    return success('Application reset.', { application });
  });

  route('agent-portal/toggle-application-alert-note', toggleNoteBodySchema, async (request) => {
    const { body } = request;
    const note = await toggleAlertNote(
      db,
      actorOf(request),
      Number(body.application_id),
      Number(body.note_id),
    );
    return success('Note updated.', { note });
  });

  route('agent-portal/delete-application-by-id', deleteBodySchema, async (request) => {
    const { body } = request;
    const deleted_ids = await deleteApplication(
      db,
      actorOf(request),
      Number(body.application_id),
      Boolean(body.delete_all_related_applications),
      auditCallerOf(request),
    );
    return success('Application deleted.', { deleted_ids });
  });
}
