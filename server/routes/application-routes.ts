/**
 * The application calls of docs/api.md under /api/agent-portal/ (SPEC §7). Handlers stay thin:
 * parse the checked body, call the service, wrap the answer in the envelope.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Doc } from '../../engine/index.ts';
import { auditCallerOf } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { CARRIERS_BUSY_MESSAGE, LAUNCHED_MESSAGE } from '../quoting/quote-backlog.ts';
import {
  type CreateApplicationInput,
  createApplication,
  deleteApplication,
  getApplication,
  launchApplication,
  resetApplication,
  toggleAlertNote,
  updateApplicationDetails,
} from '../services/applications-service.ts';
import {
  DEFAULT_PER_PAGE,
  type ListingInput,
  listAgentApplications,
  MAX_PER_PAGE,
} from '../services/listing-service.ts';
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

const response = { default: envelopeSchema };

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  return request.body as Body;
}

/**
 * Registers the application routes; every one needs a session, is closed to customers and to
 * companies without a subscription or trial (402).
 */
export async function applicationRoutes(
  app: FastifyInstance,
  options: { db: Executor; carriersBusy: () => Promise<boolean> },
) {
  const { db, carriersBusy } = options;
  const accessHook = applicationAccessHook(db);
  const route = (
    path: string,
    body: object,
    handler: (request: FastifyRequest) => Promise<unknown>,
    querystring?: object,
    preValidation = accessHook,
  ) =>
    app.post(
      `/api/agent-portal/${path}`,
      {
        schema: { tags: ['applications'], body, ...(querystring ? { querystring } : {}), response },
        preValidation,
      },
      handler,
    );

  route(
    'get-agent-applications-list',
    listingBodySchema,
    async (request) => {
      const query = request.query as { page?: string; per_page?: string };
      const body = bodyOf(request) as Omit<ListingInput, 'page' | 'perPage' | 'filters' | 'agentId'> & {
        agent_id?: number | string | null;
        application_source?: string | null;
        filters?: ListingInput['filters'];
      };
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
    listingQuerySchema,
  );

  // The session and the application in one statement (docs/decisions/590-get-in-one-statement.md).
  route(
    'get-application-by-id',
    applicationIdBodySchema,
    async (request) => {
      const id = Number(bodyOf(request).application_id);
      const read = request.applicationRead?.id === id ? request.applicationRead : null;
      const application = await getApplication(db, actorOf(request), id, read?.found);
      return success('Application.', { application });
    },
    undefined,
    applicationAccessHook(db, { readsApplication: true }),
  );

  route('get-schema-set', schemaSetBodySchema, async (request) => {
    const requested = bodyOf(request).schema_version as number | undefined;
    return success('Schema set.', await schemaSetView(db, requested));
  });

  route('create-new-application', createBodySchema, async (request) => {
    const application = await createApplication(db, actorOf(request), request.body as CreateApplicationInput);
    return success('Application created.', { application });
  });

  // The session and the application in one statement, the save in one more (ADR 744).
  route(
    'update-application',
    updateBodySchema,
    async (request) => {
      const body = bodyOf(request);
      const id = Number(body.application_id);
      const read = request.applicationRead?.id === id ? request.applicationRead : null;
      const application = await updateApplicationDetails(
        db,
        actorOf(request),
        id,
        body.address_details as Doc,
        body.version as number | undefined,
        read?.found,
      );
      return success('Application saved.', { application });
    },
    undefined,
    applicationAccessHook(db, { readsApplication: true }),
  );

  route('launch-application', detailsBodySchema, async (request) => {
    const body = bodyOf(request);
    const data = await launchApplication(
      db,
      actorOf(request),
      Number(body.application_id),
      body.address_details as Doc,
    );
    // Accepted and queued either way; the message says honestly when quotes will be slow (issue 47).
    return success((await carriersBusy()) ? CARRIERS_BUSY_MESSAGE : LAUNCHED_MESSAGE, data);
  });

  route('reset-application', applicationIdBodySchema, async (request) => {
    const application = await resetApplication(db, actorOf(request), Number(bodyOf(request).application_id));
    return success('Application reset.', { application });
  });

  route('toggle-application-alert-note', toggleNoteBodySchema, async (request) => {
    const body = bodyOf(request);
    const note = await toggleAlertNote(
      db,
      actorOf(request),
      Number(body.application_id),
      Number(body.note_id),
    );
    return success('Note updated.', { note });
  });

  route('delete-application-by-id', deleteBodySchema, async (request) => {
    const body = bodyOf(request);
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
