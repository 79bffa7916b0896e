/**
 * Privacy requests (issue 38; docs/decisions/723-privacy-requests.md): `privacy/export-person
 * {email}` and `privacy/erase-person {email}`, for super-admins and an agency's admins.
 */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import { erasePerson, exportPerson } from '../services/privacy-service.ts';
import { sessionBodySchema } from './request-schemas.ts';
import { sessionRoute } from './session-route.ts';

export const personBodySchema = sessionBodySchema(
  { email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' } },
  ['email'],
);

/** Registers privacy/export-person and privacy/erase-person. */
export async function privacyRoutes(app: FastifyInstance, options: { db: Executor }) {
  const { db } = options;
  const route = sessionRoute(app, db, 'audit');

  route('privacy/export-person', personBodySchema, async (request) => {
    const { email } = request.body;
    return success(
      'Records of the person.',
      await exportPerson(db, actorOf(request), email, auditCallerOf(request)),
    );
  });

  route('privacy/erase-person', personBodySchema, async (request) => {
    const { email } = request.body;
    return success('Person erased.', await erasePerson(db, actorOf(request), email, auditCallerOf(request)));
  });
}
