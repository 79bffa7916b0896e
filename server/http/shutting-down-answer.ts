/**
 * The answer of a request that reaches a closing server (issue 47): 503 in the SPEC §7 envelope,
 * with `Connection: close`, instead of Fastify's own `{"error":"Service Unavailable",...}` body.
 * A request still arrives after close() began when it was pipelined or sent on a keep-alive
 * connection; a load balancer sends it elsewhere, and the portal's client shows the message.
 */
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope.ts';

/** What a request reaching a closing server is told. */
export const SHUTTING_DOWN_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * Answers every request that arrives once `app.close()` began with 503 and SHUTTING_DOWN_MESSAGE;
 * the app must be built with `return503OnClosing: false`, or Fastify answers before any hook.
 * Register before other onRequest hooks that could answer first.
 */
export function answerWhileShuttingDown(app: FastifyInstance): void {
  let closing = false;
  // preClose runs as close() begins, before the server stops accepting (Fastify's onClose order).
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close').code(503).send(failure(503, SHUTTING_DOWN_MESSAGE));
  });
}
