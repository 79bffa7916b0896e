/**
 * Request ids (issue 39): a safe incoming `X-Request-Id` is kept, otherwise a UUID is made; it is
 * the request's Fastify id (so every log line of the request carries it as `reqId`), echoed on
 * the answer, and held in an AsyncLocalStorage so that jobs the request enqueues store it
 * (`jobs.request_id`, `quote_jobs.request_id`) and their workers log it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The header read and echoed. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id kept as sent: 1 to 128 letters, digits and `. _ : -` (nothing a log or header could misread). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const requestIds = new AsyncLocalStorage<string>();

/** The id of a request whose `X-Request-Id` header is `incoming`: kept when safe, else a new UUID. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The id of the request being handled, or null outside a request (a worker, start-up). */
export function currentRequestId(): string | null {
  return requestIds.getStore() ?? null;
}

/**
 * Echoes each request's id on its answer and makes it currentRequestId() for the request's
 * handlers: entered on onRequest and again on preValidation, since the body is read in the
 * socket's own async context.
 */
export function addRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestIds.run(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => requestIds.run(request.id, done));
}
