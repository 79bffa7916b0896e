/**
 * The resources calls of issue 15 under /api/resources/ (docs/api.md Resources),
 * POST /api/resources/upload-video?file_name=... taking a video file's bytes (the session key in the
 * X-Session-Key header), and GET /api/resources/file/:id serving an uploaded document or video with
 * byte ranges (the session cookie; http/link-session.ts, ADR 748). Same guard as the application calls: a session (401), not a customer (403), a
 * subscription or trial (402); services/resources-service.ts decides who writes what.
 * docs/decisions/200-resources-and-blank.md, 260-uploaded-training-videos.md, 261-byte-ranges.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import {
  applicationCallerOf,
  linkCookiesSchema,
  linkSessionKeyOf,
  uploadHeadersSchema,
  uploadSessionKeyOf,
} from '../http/link-session.ts';
import { MAX_DOCUMENT_BASE64_LENGTH } from '../services/document-upload.ts';
import {
  createResource,
  editResource,
  listResourcesFor,
  removeResource,
  resourceFile,
  viewResource,
} from '../services/resources-service.ts';
import { storeVideoUpload, VIDEO_TYPE_MESSAGE, VIDEO_TYPES } from '../services/video-upload.ts';
import {
  documentUploadSchema,
  fileParamsSchema,
  fileQuerySchema,
  sessionBodySchema,
  sessionKeySchema,
} from './request-schemas.ts';
import { sendByteSource } from './send-byte-source.ts';
import { areaRoute, type SchemaValue } from './session-route.ts';

const positiveId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const kind = { enum: ['carrier_document', 'training_video'] } as const;
const title = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** An external address: https only (no script, data or plain-http addresses). */
const httpsUrl = { type: 'string', maxLength: 2000, pattern: '^https://[^\\s]+$' } as const;
const carrier = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9_]+$' } as const;

const body = sessionBodySchema;

/** resources/create: an entry with one of an address, a document or an uploaded video file. */
/** The training video upload's query: the session (or its cookie) and the file's name. */
const videoUploadQuerySchema = {
  type: 'object',
  required: ['file_name'],
  additionalProperties: false,
  properties: {
    session_key: sessionKeySchema,
    file_name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  },
} as const;

const createBodySchema = body(
  {
    kind,
    title,
    description: text(2000),
    category: text(100),
    carrier: { anyOf: [carrier, { type: 'null' }] },
    url: { anyOf: [httpsUrl, { type: 'null' }] },
    document: { anyOf: [documentUploadSchema, { type: 'null' }] },
    video_file_id: { anyOf: [positiveId, { type: 'null' }] },
    company_id: { anyOf: [positiveId, { type: 'null' }] },
  },
  ['kind', 'title'],
);

/** The request's media type, lower case, without parameters. */
const contentTypeOf = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** Registers resources/list, create, update, delete, record-view, upload-video and the file download. */
export async function resourcesRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  // A video's bytes are not parsed here: upload-video streams the request itself into storage, so
  // neither the body limit nor the body hooks ever hold the file (this plugin's routes only).
  app.addContentTypeParser(VIDEO_TYPES, (_request, _payload, done) => done(null));
  const post = areaRoute(app, db, 'resources');

  post('resources/list', body({ kind, search: text(100) }, ['kind']), async (request) => {
    const { kind: wanted, search } = request.body;
    return success('Resources.', await listResourcesFor(db, actorOf(request), wanted, search));
  });

  app.post<{ Body: SchemaValue<typeof createBodySchema> }>(
    '/api/resources/create',
    {
      schema: { tags: ['resources'], body: createBodySchema, response: { default: envelopeSchema } },
      preValidation: applicationAccessHook(db),
      bodyLimit: MAX_DOCUMENT_BASE64_LENGTH + 64 * 1024,
    },
    async (request) => success('Resource added.', await createResource(db, actorOf(request), request.body)),
  );

  post(
    'resources/update',
    body({ id: positiveId, title, description: text(2000), category: text(100), carrier, url: httpsUrl }, [
      'id',
    ]),
    async (request) => success('Resource saved.', await editResource(db, actorOf(request), request.body)),
  );

  post('resources/delete', body({ id: positiveId }, ['id']), async (request) =>
    success('Resource deleted.', await removeResource(db, actorOf(request), request.body.id)),
  );

  post(
    'resources/record-view',
    body(
      {
        id: positiveId,
        seconds_watched: { type: 'number', minimum: 0, maximum: 86400 },
        completed: { type: 'boolean' },
      },
      ['id'],
    ),
    async (request) => success('View recorded.', await viewResource(db, actorOf(request), request.body)),
  );

  app.post<{ Querystring: SchemaValue<typeof videoUploadQuerySchema> }>(
    '/api/resources/upload-video',
    {
      schema: {
        tags: ['resources'],
        summary: 'Upload a training video file (MP4 or WebM bytes as the body)',
        consumes: VIDEO_TYPES,
        querystring: videoUploadQuerySchema,
        headers: uploadHeadersSchema,
        response: { default: envelopeSchema },
      },
      // Another type would reach a body parser (text, JSON) first: refuse it before any byte is read.
      preParsing: async (request) => {
        if (!VIDEO_TYPES.some((type) => type === contentTypeOf(request)))
          throw new ApiError(415, VIDEO_TYPE_MESSAGE, { file: VIDEO_TYPE_MESSAGE });
      },
      preValidation: applicationCallerOf(db, uploadSessionKeyOf),
    },
    async (request) => {
      const { file_name: fileName } = request.query;
      const length = request.headers['content-length'];
      const uploaded = await storeVideoUpload(db, actorOf(request), {
        fileName: fileName.trim(),
        contentType: contentTypeOf(request),
        contentLength: length === undefined ? undefined : Number(length),
        // The payload stream itself: the video parser above left it unread.
        body: request.raw,
      });
      return success('Video uploaded.', uploaded);
    },
  );

  app.get<{ Params: SchemaValue<typeof fileParamsSchema> }>(
    '/api/resources/file/:id',
    {
      schema: {
        tags: ['resources'],
        params: fileParamsSchema,
        querystring: fileQuerySchema,
        cookies: linkCookiesSchema,
        response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
      },
      preValidation: applicationCallerOf(db, linkSessionKeyOf),
    },
    async (request, reply) => {
      const file = await resourceFile(db, actorOf(request), Number(request.params.id));
      return sendByteSource(request, reply, file);
    },
  );
}
