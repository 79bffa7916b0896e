/** Plans, plan change and the billing-portal redirect (docs/api-accounts.md Plans and billing). */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import type { AccountsConfig } from '../services/accounts-config.ts';
import { authenticate } from '../services/auth-service.ts';
import { changeOwnPlan, listPlans } from '../services/plans-service.ts';
import { changePlanBodySchema } from './account-request-schemas.ts';
import { sessionOnlyBodySchema } from './request-schemas.ts';
import { bodyOf, sessionRoute } from './session-route.ts';

/** Registers plans/list, plans/change-plan and GET /api/billing-portal. */
export async function planRoutes(app: FastifyInstance, options: { db: Executor; config: AccountsConfig }) {
  const { db, config } = options;
  const route = sessionRoute(app, db, 'plans');

  route('plans/list', sessionOnlyBodySchema, async (request) => {
    if (!request.account) throw new Error('route without the authenticate hook');
    return success('Plans.', listPlans(request.account, config.billingPortalUrl !== null));
  });

  route('plans/change-plan', changePlanBodySchema, async (request) => {
    const body = bodyOf<{ plan_id: string }>(request);
    return success('Plan changed.', await changeOwnPlan(db, actorOf(request), body.plan_id));
  });

  app.get(
    '/api/billing-portal',
    {
      schema: {
        tags: ['plans'],
        querystring: {
          type: 'object',
          properties: { session_key: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request, reply) => {
      const { session_key } = request.query as { session_key?: string };
      let role: string;
      try {
        role = (await authenticate(db, session_key)).actor.role;
      } catch (error) {
        if (error instanceof ApiError) return reply.redirect('/auth/login');
        throw error;
      }
      // SPEC §2: the payment provider's portal when configured, otherwise the plans page.
      if (config.billingPortalUrl && (role === 'admin' || role === 'super-admin')) {
        return reply.redirect(config.billingPortalUrl);
      }
      return reply.redirect('/dashboard/plans');
    },
  );
}
