/** User management calls of docs/api-accounts.md Users (SPEC §6 roles). */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountsConfig } from '../services/accounts-config.ts';
import {
  assignAgentToCustomer,
  createUser,
  deleteManagedUser,
  getManagedUser,
  listManagedUsers,
  updateManagedUser,
} from '../services/users-service.ts';
import {
  assignAgentBodySchema,
  createUserBodySchema,
  listUsersBodySchema,
  updateUserBodySchema,
  userIdBodySchema,
} from './account-request-schemas.ts';
import { idOf, sessionRoute } from './session-route.ts';

/** What users/create says: created, and whether the invitation went out (issue 16). */
export function createdMessage(invitation: { sent_to: string; delivered: boolean } | null): string {
  if (!invitation) return 'User created.';
  return invitation.delivered
    ? `User created. An invitation to choose a password was sent to ${invitation.sent_to}; the link works for 72 hours.`
    : 'User created, but the invitation e-mail could not be sent. They can use "Forgot password" on the sign-in page.';
}

/**
 * Registers users/list, get, create, update, delete and assign-agent; users/create without a
 * password e-mails an invitation through `mailer` with a link under `config.publicBaseUrl`.
 */
export async function userRoutes(
  app: FastifyInstance,
  options: { db: Executor; mailer: Mailer; config: AccountsConfig },
) {
  const { db } = options;
  const route = sessionRoute(app, db, 'users');

  route('users/list', listUsersBodySchema, async (request) => {
    const body = request.body;
    const data = await listManagedUsers(db, actorOf(request), {
      companyId: idOf(body.company_id),
      role: body.role,
      search: body.search?.trim() || undefined,
    });
    return success('Users.', data);
  });

  route('users/get', userIdBodySchema, async (request) => {
    const body = request.body;
    return success('User.', await getManagedUser(db, actorOf(request), Number(body.user_id)));
  });

  route('users/create', createUserBodySchema, async (request) => {
    const body = request.body;
    const data = await createUser(
      db,
      actorOf(request),
      {
        name: body.name,
        email: body.email,
        password: body.password,
        role: body.role,
        companyId: idOf(body.company_id),
        phone: body.phone,
        licensedStates: body.licensed_states,
      },
      {
        mailer: options.mailer,
        baseUrl: options.config.publicBaseUrl,
        onMailError: (error) => request.log.error({ err: error }, 'invitation mail failed'),
      },
    );
    return success(createdMessage(data.invitation), data);
  });

  route('users/update', updateUserBodySchema, async (request) => {
    const body = request.body;
    const { previousRole, ...data } = await updateManagedUser(db, actorOf(request), Number(body.user_id), {
      name: body.name,
      email: body.email,
      phone: body.phone,
      role: body.role,
      licensedStates: body.licensed_states,
    });
    if (data.user.role !== previousRole) {
      await recordAuditEvent(db, auditCallerOf(request), {
        action: 'user.role_changed',
        companyId: data.user.company?.id ?? null,
        target: { type: 'user', id: data.user.id },
        details: { from: previousRole, to: data.user.role },
      });
    }
    return success('User updated.', data);
  });

  route('users/delete', userIdBodySchema, async (request) => {
    const body = request.body;
    return success('User deleted.', await deleteManagedUser(db, actorOf(request), Number(body.user_id)));
  });

  route('users/assign-agent', assignAgentBodySchema, async (request) => {
    const body = request.body;
    const data = await assignAgentToCustomer(
      db,
      actorOf(request),
      Number(body.customer_user_id),
      body.agent_id === null ? null : Number(body.agent_id),
    );
    return success('Agent assigned.', data);
  });
}
