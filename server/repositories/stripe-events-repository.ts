/** Stripe webhook events applied, and companies found by their Stripe ids (migration 0019). */
import { eq, or } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type CompanyRow, companies, stripeEvents } from '../db/schema.ts';

/**
 * Records event `id` as applied; false when it already was (a replay). Inside the transaction
 * that applies the event, a concurrent delivery of the same id waits on the key and then sees it.
 */
export async function recordStripeEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length === 1;
}

/** Notes which company an applied event changed. */
export async function setStripeEventCompany(db: Executor, id: string, companyId: number): Promise<void> {
  await db.update(stripeEvents).set({ company_id: companyId }).where(eq(stripeEvents.id, id));
}

/**
 * The company of a Stripe subscription or customer id, locked for update; null when none has
 * either (both null: null).
 */
export async function findCompanyByStripeIds(
  db: Executor,
  ids: { subscriptionId: string | null; customerId: string | null },
): Promise<CompanyRow | null> {
  const conditions = [
    ...(ids.subscriptionId ? [eq(companies.stripe_subscription_id, ids.subscriptionId)] : []),
    ...(ids.customerId ? [eq(companies.stripe_id, ids.customerId)] : []),
  ];
  if (conditions.length === 0) return null;
  const [row] = await db
    .select()
    .from(companies)
    .where(or(...conditions))
    .orderBy(companies.id)
    .limit(1)
    .for('update');
  return row ?? null;
}
