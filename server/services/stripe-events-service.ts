/**
 * Applies a verified Stripe webhook event to a company's subscription state (issue 16; SPEC §6:
 * features follow the active subscription and the trial). The only code that changes
 * `has_active_subscription` for a self-service company. Each event id is applied once, in one
 * transaction with its change (docs/decisions/281-stripe-webhooks-idempotent.md); an event older
 * than the last one applied to the company links ids but does not change its state
 * (docs/decisions/282-stripe-event-order-and-fallback.md).
 */
import type Stripe from 'stripe';
import type { Executor } from '../db/database.ts';
import type { CompanyRow } from '../db/schema.ts';
import {
  type CompanyPatch,
  findCompanyForUpdate,
  updateCompany,
} from '../repositories/companies-repository.ts';
import {
  findCompanyByStripeIds,
  recordStripeEvent,
  setStripeEventCompany,
} from '../repositories/stripe-events-repository.ts';
import { findPlan } from './plans.ts';

/** Subscription statuses that keep the company's access; every other one falls back (SPEC §6). */
const PAYING_STATUSES = new Set(['active', 'trialing']);

/** What applying an event did: `duplicate` for a replay, the company it changed (or null). */
export interface StripeEventOutcome {
  duplicate: boolean;
  company_id: number | null;
}

/** An id field of a Stripe object: a string, or an expanded object with an id. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

/** A row id from metadata or client_reference_id text, or null. */
function companyIdOf(value: unknown): number | null {
  return typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}

/** The plan whose configured price is `priceId`, or null. */
function planOfPrice(prices: Record<string, string>, priceId: string | null): string | null {
  if (!priceId) return null;
  return Object.entries(prices).find(([, price]) => price === priceId)?.[0] ?? null;
}

type Handler = (
  db: Executor,
  object: Record<string, unknown>,
  prices: Record<string, string>,
) => Promise<{ company: CompanyRow; link: CompanyPatch; state: CompanyPatch } | null>;

/** A Checkout Session of ours completed: the company becomes a Stripe customer on the plan it paid for. */
const checkoutCompleted: Handler = async (db, session) => {
  if (session.mode !== 'subscription') return null;
  const metadata = (session.metadata ?? {}) as Record<string, unknown>;
  const companyId = companyIdOf(session.client_reference_id) ?? companyIdOf(metadata.company_id);
  const company = companyId === null ? null : await findCompanyForUpdate(db, companyId);
  if (!company) return null;
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const planId = typeof metadata.plan_id === 'string' && findPlan(metadata.plan_id) ? metadata.plan_id : null;
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  return {
    company,
    link: {
      ...(customerId ? { stripe_id: customerId } : {}),
      ...(subscriptionId ? { stripe_subscription_id: subscriptionId } : {}),
    },
    state: { has_active_subscription: paid, ...(planId ? { plan_id: planId } : {}) },
  };
};

/** The subscription changed (plan, renewal, past due, ...): access follows its status. */
const subscriptionUpdated: Handler = async (db, subscription, prices) => {
  const company = await findCompanyByStripeIds(db, {
    subscriptionId: idOf(subscription.id),
    customerId: idOf(subscription.customer),
  });
  if (!company) return null;
  const items = (subscription.items as { data?: { price?: { id?: unknown } }[] } | undefined)?.data ?? [];
  const planId = planOfPrice(prices, idOf(items[0]?.price?.id));
  return {
    company,
    link: { stripe_subscription_id: idOf(subscription.id) },
    state: {
      has_active_subscription: PAYING_STATUSES.has(String(subscription.status)),
      ...(planId ? { plan_id: planId } : {}),
    },
  };
};

/** A renewal could not be charged: the company falls back to its trial, or to no access. SPEC §6. */
const paymentFailed: Handler = async (db, invoice) => {
  const company = await findCompanyByStripeIds(db, {
    subscriptionId: null,
    customerId: idOf(invoice.customer),
  });
  return company ? { company, link: {}, state: { has_active_subscription: false } } : null;
};

/** The subscription ended (cancelled, or unpaid for good): no subscription; the plan stays named. */
const subscriptionDeleted: Handler = async (db, subscription) => {
  const company = await findCompanyByStripeIds(db, {
    subscriptionId: idOf(subscription.id),
    customerId: idOf(subscription.customer),
  });
  return company
    ? { company, link: {}, state: { has_active_subscription: false, stripe_subscription_id: null } }
    : null;
};

/** The event types that change a company; others are recorded and left alone. */
const HANDLERS: Record<string, Handler> = {
  'checkout.session.completed': checkoutCompleted,
  'customer.subscription.updated': subscriptionUpdated,
  'invoice.payment_failed': paymentFailed,
  'customer.subscription.deleted': subscriptionDeleted,
};

/**
 * Applies `event` (already verified by its signature) once: a replayed id changes nothing. An
 * event naming no company of ours is recorded and ignored. `prices`: plan id -> Stripe price id.
 */
export async function applyStripeEvent(
  db: Executor,
  event: Pick<Stripe.Event, 'id' | 'type' | 'created'> & { data: { object: unknown } },
  prices: Record<string, string>,
): Promise<StripeEventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return { duplicate: true, company_id: null };
    const handler = HANDLERS[event.type];
    const object = event.data.object;
    if (!handler || !object || typeof object !== 'object') return { duplicate: false, company_id: null };
    const change = await handler(tx, object as Record<string, unknown>, prices);
    if (!change) return { duplicate: false, company_id: null };
    const { company, link, state } = change;
    const createdAt = new Date(event.created * 1000);
    const stale = company.stripe_event_at !== null && createdAt < company.stripe_event_at;
    const patch: CompanyPatch = stale ? link : { ...link, ...state, stripe_event_at: createdAt };
    if (Object.keys(patch).length > 0) await updateCompany(tx, company.id, patch);
    await setStripeEventCompany(tx, event.id, company.id);
    return { duplicate: false, company_id: company.id };
  });
}
