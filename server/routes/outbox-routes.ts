/**
 * The outbox of the messaging console (issue 43, docs/api-accounts.md Outbox,
 * docs/decisions/763-outbox-of-customer-messages.md): `portal-settings/list-outbox` one filtered
 * page of the company's messages to clients, `portal-settings/resend-outbox-message` a failed one
 * sent again (502 with the settled message when it fails again). Admins for their company,
 * super-admins for any; agents and customers 403.
 */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import {
  listOutbox,
  RESEND_FAILED_PREFIX,
  type ResendDeps,
  resendOutboxMessage,
} from '../services/outbox-service.ts';
import { outboxListBodySchema, outboxResendBodySchema } from './account-request-schemas.ts';
import { idOf, sessionRoute } from './session-route.ts';

/** Registers portal-settings/list-outbox and portal-settings/resend-outbox-message. */
export async function outboxRoutes(app: FastifyInstance, options: { db: Executor; deps: ResendDeps }) {
  const { db, deps } = options;
  const route = sessionRoute(app, db, 'portal-settings');

  route('portal-settings/list-outbox', outboxListBodySchema, async (request) => {
    const body = request.body;
    const filters = {
      channel: body.channel,
      status: body.status,
      application_id: idOf(body.application_id),
      template_key: body.template_key,
    };
    const page = await listOutbox(
      db,
      actorOf(request),
      idOf(body.company_id),
      filters,
      body.page,
      body.per_page,
    );
    return success('Outbox.', page);
  });

  route('portal-settings/resend-outbox-message', outboxResendBodySchema, async (request) => {
    const body = request.body;
    const { message, error } = await resendOutboxMessage(
      db,
      deps,
      actorOf(request),
      auditCallerOf(request),
      idOf(body.company_id),
      Number(body.message_id),
    );
    if (error !== null) throw new ApiError(502, `${RESEND_FAILED_PREFIX} ${error}`, null, { message });
    return success('Message sent again.', { message });
  });
}
