/**
 * Rows of `webhook_deliveries`, the customer quotes webhook's delivery log (issue 14, migration
 * 0013, docs/decisions/223-webhook-delivery-log.md): an attempt is inserted as `sending` before
 * its request leaves and settled with its outcome; the only code that queries the table.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  type WebhookDeliveryRow,
  type WebhookEvent,
  type WebhookOutcome,
  webhookDeliveries,
} from '../db/schema.ts';

/** What an attempt is about, written before its request leaves. */
export interface NewDeliveryAttempt {
  company_id: number;
  job_id: number | null;
  application_id: number | null;
  event: WebhookEvent;
  delivery_id: string;
  attempt: number;
  url: string;
}

/** What came of an attempt. */
export interface DeliverySettlement {
  outcome: Exclude<WebhookOutcome, 'sending'>;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  response_excerpt: string | null;
}

/** Inserts an attempt as `sending`; returns its row. */
export async function insertDeliveryAttempt(
  db: Executor,
  values: NewDeliveryAttempt,
): Promise<WebhookDeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row;
}

/** Stores the outcome of attempt `id`; returns the settled row. */
export async function settleDeliveryAttempt(
  db: Executor,
  id: number,
  settlement: DeliverySettlement,
): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ ...settlement, finished_at: new Date() })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

/** Every attempt of delivery `deliveryId`, first attempt first. */
export async function attemptsOfDelivery(db: Executor, deliveryId: string): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.delivery_id, deliveryId))
    .orderBy(asc(webhookDeliveries.attempt), asc(webhookDeliveries.id));
}

/**
 * Marks the attempts of `deliveryId` still `sending` as `interrupted` with `error` (their process
 * stopped before the answer was stored); returns how many.
 */
export async function markInterruptedAttempts(
  db: Executor,
  deliveryId: string,
  error: string,
): Promise<number> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ outcome: 'interrupted', error, finished_at: new Date() })
    .where(and(eq(webhookDeliveries.delivery_id, deliveryId), eq(webhookDeliveries.outcome, 'sending')))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** The company's latest `limit` attempts, newest first. */
export async function listDeliveries(
  db: Executor,
  companyId: number,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.company_id, companyId))
    .orderBy(desc(webhookDeliveries.created_at), desc(webhookDeliveries.id))
    .limit(limit);
}
