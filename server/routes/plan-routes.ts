/**
 * Plans, plan change through Stripe, the billing-portal redirect and Stripe's webhook
 * (docs/api-accounts.md Plans and billing; docs/decisions/280-payments-with-stripe-checkout.md).
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { envelopeSchema, success } from '../http/envelope.ts';
import { linkCookiesSchema, linkSessionKeyOf } from '../http/link-session.ts';
import type { Account } from '../repositories/accounts-repository.ts';
import { authenticate } from '../services/auth-service.ts';
import { billingPortalTarget, changeOwnPlan, type Payments } from '../services/billing-service.ts';
import { listPlans } from '../services/plans-service.ts';
import { applyStripeEvent } from '../services/stripe-events-service.ts';
import { changePlanBodySchema } from './account-request-schemas.ts';
import { sessionOnlyBodySchema } from './request-schemas.ts';
import { sessionRoute } from './session-route.ts';

export const INVALID_STRIPE_SIGNATURE = 'Invalid Stripe signature.';
export const STRIPE_WEBHOOKS_OFF = 'Stripe webhooks are not configured.';

/** Largest Stripe event body accepted, in bytes (Stripe's events are a few KB). */
const STRIPE_EVENT_LIMIT_BYTES = 256 * 1024;

/** Registers plans/list, plans/change-plan, GET /api/billing-portal and POST /api/stripe/webhook. */
export async function planRoutes(app: FastifyInstance, options: { db: Executor; payments: Payments }) {
  const { db, payments } = options;
  const route = sessionRoute(app, db, 'plans');

  route('plans/list', sessionOnlyBodySchema, async (request) => {
    if (!request.account) throw new Error('route without the authenticate hook');
    return success('Plans.', listPlans(request.account, payments.stripe !== null));
  });

  route('plans/change-plan', changePlanBodySchema, async (request) => {
    if (!request.account) throw new Error('route without the authenticate hook');
    const body = request.body;
    const actor = actorOf(request);
    const answer = await changeOwnPlan(db, payments, actor, request.account, body.plan_id);
    // Without a redirect the plan is changed now; through Stripe, when its event arrives.
    if (!answer.redirect_url) {
      await recordAuditEvent(db, auditCallerOf(request), {
        action: 'plan.changed',
        companyId: actor.companyId,
        target: { type: 'company', id: actor.companyId ?? 0 },
        details: { plan_id: body.plan_id },
      });
    }
    return success(answer.redirect_url ? 'Continue to payment.' : 'Plan changed.', answer);
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
        cookies: linkCookiesSchema,
      },
    },
    async (request, reply) => {
      // SPEC §2's `?session_key=` from a client that sends it; the portal's link carries none and
      // the session cookie authenticates it, as every other link (ADR 748).
      let account: Account;
      try {
        account = (await authenticate(db, linkSessionKeyOf(request))).account;
      } catch (error) {
        if (error instanceof ApiError) return reply.redirect('/auth/login');
        throw error;
      }
      // SPEC §2: Stripe's billing portal for a paying company's managers, else the plans page.
      return reply.redirect(await billingPortalTarget(payments, account));
    },
  );

  // Stripe signs the exact bytes it sends: this plugin alone keeps JSON bodies raw.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: STRIPE_EVENT_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags: ['plans'],
          description:
            "Stripe's webhook endpoint: the raw JSON event, verified with the Stripe-Signature header.",
          response: { default: envelopeSchema },
        },
      },
      async (request) => {
        const secret = payments.config.webhookSecret;
        if (!payments.stripe || !secret) throw new ApiError(400, STRIPE_WEBHOOKS_OFF);
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (typeof signature !== 'string' || !(Buffer.isBuffer(raw) || typeof raw === 'string')) {
          throw new ApiError(400, INVALID_STRIPE_SIGNATURE);
        }
        let event: Stripe.Event;
        try {
          event = payments.stripe.webhooks.constructEvent(raw, signature, secret);
        } catch {
          throw new ApiError(400, INVALID_STRIPE_SIGNATURE);
        }
        if (
          typeof event?.id !== 'string' ||
          typeof event.type !== 'string' ||
          !Number.isInteger(event.created)
        ) {
          throw new ApiError(400, 'Not a Stripe event.');
        }
        const outcome = await applyStripeEvent(db, event, payments.config.prices);
        return success(outcome.duplicate ? 'Event already applied.' : 'Event applied.', outcome);
      },
    );
  });
}
