/**
 * The bulk upload calls (issue 13; SPEC §7 /services/file-upload/create-application and the calls
 * of its page): preview a file, create its applications (a job), read an upload, list uploads,
 * download the error file. Same guard as the application calls: a session (401), not a customer
 * (403), a subscription or trial (402). docs/decisions/190-bulk-upload-file-and-rows.md.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { applicationAccessHook } from '../http/application-access-hook.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, failure, success } from '../http/envelope.ts';
import { errorHandler } from '../http/error-handler.ts';
import { MAX_UPLOAD_BYTES } from '../services/bulk-upload-file.ts';
import {
  createUpload,
  errorFileStream,
  getUpload,
  listUploadViews,
  previewUpload,
} from '../services/bulk-upload-service.ts';
import {
  createUploadBodySchema,
  listUploadsBodySchema,
  MAX_UPLOAD_BODY_BYTES,
  previewBodySchema,
  uploadIdBodySchema,
} from './bulk-upload-request-schemas.ts';
import type { SchemaValue } from './session-route.ts';

/** The answer to a body over the upload limit: what the agent can do about it, not Fastify's words. */
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: split it and upload each part.`;

/**
 * Largest declared body a refused upload is read to its end for, in bytes: the 413 is answered at
 * once (from Content-Length), and closing with the rest unread would reset the connection, so a
 * client still sending would lose the answer (RFC 9112 §9.6). A longer body is answered and the
 * connection closed, as Fastify does.
 */
export const DRAINED_BODY_BYTES = 4 * MAX_UPLOAD_BODY_BYTES;

function uploadErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const declared = Number(request.headers['content-length']);
    if (declared <= DRAINED_BODY_BYTES) {
      // Node reads the unread body and discards it once the answer is sent, and keeps the connection.
      reply.removeHeader('connection');
      request.raw.resume();
    }
    return reply.code(413).send(failure(413, FILE_TOO_LARGE_MESSAGE, { file: FILE_TOO_LARGE_MESSAGE }));
  }
  return errorHandler(error, request, reply);
}

/** Registers POST /api/services/file-upload/{preview-application-file, create-application, get-upload, list-uploads, download-error-file}. */
export async function bulkUploadRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const preValidation = applicationAccessHook(db);
  const response = { default: envelopeSchema };
  const upload = { bodyLimit: MAX_UPLOAD_BODY_BYTES, errorHandler: uploadErrorHandler, preValidation };

  app.post<{ Body: SchemaValue<typeof previewBodySchema> }>(
    '/api/services/file-upload/preview-application-file',
    { ...upload, schema: { tags: ['bulk-upload'], body: previewBodySchema, response } },
    async (request) => success('Preview.', await previewUpload(db, actorOf(request), request.body)),
  );

  app.post<{ Body: SchemaValue<typeof createUploadBodySchema> }>(
    '/api/services/file-upload/create-application',
    { ...upload, schema: { tags: ['bulk-upload'], body: createUploadBodySchema, response } },
    async (request) => {
      const result = await createUpload(db, actorOf(request), request.body);
      const message = result.duplicate
        ? 'This file was uploaded before: nothing new is created.'
        : 'The file is being imported.';
      return success(message, result);
    },
  );

  app.post<{ Body: SchemaValue<typeof uploadIdBodySchema> }>(
    '/api/services/file-upload/get-upload',
    { preValidation, schema: { tags: ['bulk-upload'], body: uploadIdBodySchema, response } },
    async (request) =>
      success('Upload.', await getUpload(db, actorOf(request), Number(request.body.upload_id))),
  );

  app.post(
    '/api/services/file-upload/list-uploads',
    { preValidation, schema: { tags: ['bulk-upload'], body: listUploadsBodySchema, response } },
    async (request) => success('Uploads.', { uploads: await listUploadViews(db, actorOf(request)) }),
  );

  app.post<{ Body: SchemaValue<typeof uploadIdBodySchema> }>(
    '/api/services/file-upload/download-error-file',
    { preValidation, schema: { tags: ['bulk-upload'], body: uploadIdBodySchema } },
    async (request, reply) => {
      const id = Number(request.body.upload_id);
      const { name, stream } = await errorFileStream(db, actorOf(request), id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
