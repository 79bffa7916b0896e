/**
 * Health and readiness (issue 39, docs/deploying.md), outside /api so that a load balancer or an
 * orchestrator can probe them without a session:
 * - `GET /healthz` answers 200 `{"status":"ok"}` while the process runs;
 * - `GET /readyz` answers 200 `{"status":"ok"}` when the database answers, every migration is
 *   applied and the schema set compiles, else 503 in the SPEC §7 envelope naming what is not
 *   ready, and 503 from the moment the process is told to stop (drain) until it exits.
 * The drain counts requests in flight, so that a stopping process closes once they are answered.
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { compiledSchemaSet } from '../services/schema-engine.ts';
import { failure } from './envelope.ts';

/** The answer of /healthz and of a ready /readyz. */
export const HEALTHY = { status: 'ok' } as const;
/** /readyz's message while the process drains. */
export const DRAINING_MESSAGE = 'Not ready: the server is shutting down.';
/** How often the drain looks at the requests in flight, in ms. */
const DRAIN_POLL_MS = 25;

/** The drain of a stopping process. */
export interface Drain {
  /** True from begin() on: /readyz answers 503. */
  readonly draining: boolean;
  /** Requests received and not yet answered (probes included). */
  inFlight(): number;
  /**
   * Starts draining and resolves once no request is in flight (true) or after `deadlineMs`
   * (false), whichever comes first.
   */
  begin(deadlineMs: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Health routes' drain: start.ts begins it on SIGTERM before closing the app. */
    drain: Drain;
  }
}

/** Why the server is not ready, or null when it is. Never throws. */
export async function notReadyReason(db: Executor): Promise<string | null> {
  try {
    await db.execute(sql`SELECT 1`);
  } catch {
    return 'Not ready: the database does not answer.';
  }
  try {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) return `Not ready: ${pending.length} migration(s) not applied.`;
    compiledSchemaSet();
  } catch (error) {
    return `Not ready: ${(error as Error).message}`;
  }
  return null;
}

/** Registers /healthz and /readyz and the in-flight count; decorates `app.drain`. */
export function addHealthRoutes(app: FastifyInstance, db: Executor): void {
  let draining = false;
  // A set, not a counter: an aborted request may see both onRequestAbort and onResponse.
  const pending = new Set<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    pending.add(request);
  });
  const answered = async (request: FastifyRequest) => {
    pending.delete(request);
  };
  app.addHook('onResponse', answered);
  app.addHook('onRequestAbort', answered);

  app.decorate('drain', {
    get draining() {
      return draining;
    },
    inFlight: () => pending.size,
    async begin(deadlineMs: number) {
      draining = true;
      const deadline = Date.now() + deadlineMs;
      while (pending.size > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
      return pending.size === 0;
    },
  } satisfies Drain);

  const hide = { schema: { hide: true } };
  app.get('/healthz', hide, async () => HEALTHY);
  app.get('/readyz', hide, async (_request, reply) => {
    const reason = draining ? DRAINING_MESSAGE : await notReadyReason(db);
    if (reason) return reply.code(503).send(failure(503, reason));
    return HEALTHY;
  });
}
