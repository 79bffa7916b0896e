/**
 * GET /api/files/:id?session_key=... (docs/api.md issue 3): a manual quote's document with its
 * content type. A link the browser opens cannot carry a JSON body, so the session key comes in
 * the query string; errors still answer the envelope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { requireApplicationCaller } from '../http/application-access-hook.ts';
import { envelopeSchema } from '../http/envelope.ts';
import { authenticate } from '../services/auth-service.ts';
import { readFile } from '../services/files-service.ts';
import { fileParamsSchema, fileQuerySchema } from './request-schemas.ts';

/** `inline` for a file name: quotes and non-ASCII dropped from the plain form, kept in filename*. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The guard of a download a browser opens as a link (no JSON body): the session key of the query
 * string, then the application callers' rules (401, 403 customer, 402 without subscription).
 */
export function applicationCallerFromQuery(db: Executor) {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    const { actor, account } = await authenticate(db, query?.session_key);
    request.actor = actor;
    request.account = account;
    requireApplicationCaller(request);
  };
}

/**
 * Registers the file download: 401 without a session, 403 for a customer and 402 for a company
 * without subscription or trial (as the application calls), 404 for a file the caller may not see.
 */
export async function fileRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  app.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        params: fileParamsSchema,
        querystring: fileQuerySchema,
        response: { '4xx': envelopeSchema, '5xx': envelopeSchema },
      },
      preValidation: applicationCallerFromQuery(db),
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
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
