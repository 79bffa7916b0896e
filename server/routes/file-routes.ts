/**
 * GET /api/files/:id (docs/api.md issue 3): a manual quote's document with its content type. A
 * link the browser opens cannot carry a JSON body, so the session comes from the session cookie
 * (or an API client's `?session_key=`, http/link-session.ts); errors still answer the envelope.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { envelopeSchema } from '../http/envelope.ts';
import { applicationCallerOf, linkCookiesSchema, linkSessionKeyOf } from '../http/link-session.ts';
import { readFile } from '../services/files-service.ts';
import { fileParamsSchema, fileQuerySchema } from './request-schemas.ts';
import type { SchemaValue } from './session-route.ts';

/** `inline` for a file name: quotes and non-ASCII dropped from the plain form, kept in filename*. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Registers the file download: 401 without a session, 403 for a customer and 402 for a company
 * without subscription or trial (as the application calls), 404 for a file the caller may not see.
 */
export async function fileRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  app.get<{ Params: SchemaValue<typeof fileParamsSchema> }>(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        params: fileParamsSchema,
        querystring: fileQuerySchema,
        cookies: linkCookiesSchema,
        response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
      },
      preValidation: applicationCallerOf(db, linkSessionKeyOf),
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!request.actor) throw new Error('file route without a session');
      const file = await readFile(db, request.actor, Number(id));
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.size_bytes)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
}
