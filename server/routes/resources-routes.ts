/**
 * The resources calls of issue 15 under /api/resources/ (docs/api.md Resources), and
 * GET /api/resources/file/:id?session_key=... for an uploaded document. Same guard as the
 * application calls: a session (401), not a customer (403), a subscription or trial (402);
 * services/resources-service.ts decides who writes what. docs/decisions/200-resources-and-blank.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { MAX_DOCUMENT_BASE64_LENGTH } from '../services/document-upload.ts';
import {
  createResource,
  editResource,
  listResourcesFor,
  type ResourceInput,
  removeResource,
  resourceFile,
  viewResource,
} from '../services/resources-service.ts';
import { applicationCallerFromQuery, contentDisposition } from './file-routes.ts';
import {
  documentUploadSchema,
  fileParamsSchema,
  fileQuerySchema,
  sessionBodySchema,
} from './request-schemas.ts';
import { bodyOf } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const kind = { enum: ['carrier_document', 'training_video'] } as const;
const title = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** An external address: https only (no script, data or plain-http addresses). */
const httpsUrl = { type: 'string', maxLength: 2000, pattern: '^https://[^\\s]+$' } as const;
const carrier = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9_]+$' } as const;

const body = sessionBodySchema;

/** Registers resources/list, create, update, delete, record-view and the file download. */
export async function resourcesRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);
  const post = (
    path: string,
    schema: object,
    handler: (request: FastifyRequest) => Promise<unknown>,
    bodyLimit?: number,
  ) =>
    app.post(
      `/api/resources/${path}`,
      {
        schema: { tags: ['resources'], body: schema, response: { default: envelopeSchema } },
        preValidation,
        ...(bodyLimit ? { bodyLimit } : {}),
      },
      handler,
    );

  post('list', body({ kind, search: text(100) }, ['kind']), async (request) => {
    const { kind: wanted, search } = bodyOf<{ kind: ResourceInput['kind']; search?: string }>(request);
    return success('Resources.', await listResourcesFor(db, actorOf(request), wanted, search));
  });

  post(
    'create',
    body(
      {
        kind,
        title,
        description: text(2000),
        category: text(100),
        carrier: { anyOf: [carrier, { type: 'null' }] },
        url: { anyOf: [httpsUrl, { type: 'null' }] },
        document: { anyOf: [documentUploadSchema, { type: 'null' }] },
        company_id: { anyOf: [positiveId, { type: 'null' }] },
      },
      ['kind', 'title'],
    ),
    async (request) =>
      success('Resource added.', await createResource(db, actorOf(request), bodyOf<ResourceInput>(request))),
    MAX_DOCUMENT_BASE64_LENGTH + 64 * 1024,
  );

  post(
    'update',
    body({ id: positiveId, title, description: text(2000), category: text(100), carrier, url: httpsUrl }, [
      'id',
    ]),
    async (request) => success('Resource saved.', await editResource(db, actorOf(request), bodyOf(request))),
  );

  post('delete', body({ id: positiveId }, ['id']), async (request) =>
    success(
      'Resource deleted.',
      await removeResource(db, actorOf(request), bodyOf<{ id: number }>(request).id),
    ),
  );

  post(
    'record-view',
    body(
      {
        id: positiveId,
        seconds_watched: { type: 'number', minimum: 0, maximum: 86400 },
        completed: { type: 'boolean' },
      },
      ['id'],
    ),
    async (request) => success('View recorded.', await viewResource(db, actorOf(request), bodyOf(request))),
  );

  app.get(
    '/api/resources/file/:id',
    {
      schema: {
        tags: ['resources'],
        params: fileParamsSchema,
        querystring: fileQuerySchema,
        response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
      },
      preValidation: applicationCallerFromQuery(db),
    },
    async (request, reply) => {
      const file = await resourceFile(db, actorOf(request), Number((request.params as { id: string }).id));
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.content.length)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
}
