/**
 * The schema studio's safety calls (issue 37), in the call contract of SPEC §7: the impact of a
 * draft on stored applications (at once, or as a job with progress), the approval of a draft by a
 * second super-admin, and the history of publishes, approvals and roll-backs. Super-admins only.
 * Registered by schema-studio-routes.ts; handlers stay thin.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { approveDraft, versionHistory } from '../services/schema-approvals.ts';
import { checkImpact, impactStatus } from '../services/schema-impact-service.ts';
import { sessionBodySchema, sessionKeySchema } from './request-schemas.ts';
import { sessionRoute } from './session-route.ts';

/** A version number or a job id. */
const positiveInteger = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const versionBody = sessionBodySchema({ version: positiveInteger }, ['version']);
const jobIdBody = sessionBodySchema({ job_id: positiveInteger }, ['job_id']);

/** Registers schema-studio/impact, impact-status, approve and version-history. */
export function schemaStudioSafetyRoutes(app: FastifyInstance, db: Executor) {
  const route = sessionRoute(app, db, 'schema-studio');

  route('schema-studio/impact', versionBody, async (request) =>
    success('Impact of the draft.', await checkImpact(db, actorOf(request), request.body.version)),
  );

  route('schema-studio/impact-status', jobIdBody, async (request) =>
    success('Impact check.', await impactStatus(db, actorOf(request), request.body.job_id)),
  );

  route('schema-studio/approve', versionBody, async (request) =>
    success('Draft approved.', await approveDraft(db, actorOf(request), request.body.version)),
  );

  route(
    'schema-studio/version-history',
    { type: 'object', additionalProperties: false, properties: { session_key: sessionKeySchema } },
    async (request) => success('Version history.', await versionHistory(db, actorOf(request))),
  );
}
