/**
 * Rows of `outbox_messages`, the agency's sent and failed messages to clients (issue 43, migration
 * 0066, docs/decisions/763-outbox-of-customer-messages.md): inserted with their outcome, listed
 * per company newest first, and settled again by a resend. The only code that queries the table.
 */
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  type OutboxChannel,
  type OutboxMessageRow,
  type OutboxStatus,
  outboxMessages,
  users,
} from '../db/schema.ts';

/** A message as written once its send ended: what was sent, to whom, and how it went. */
export interface NewOutboxMessage {
  company_id: number;
  application_id: number | null;
  channel: OutboxChannel;
  template_key: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** Kept only when the send failed (a resend sends it again). */
  attachment?: { name: string; type: string; content: Uint8Array } | null;
  status: OutboxStatus;
  error: string | null;
  triggered_by: number | null;
}

/** Inserts a message with its outcome (`sent_at` now when sent); returns its row. */
export async function insertOutboxMessage(
  db: Executor,
  message: NewOutboxMessage,
): Promise<OutboxMessageRow> {
  const { attachment, ...values } = message;
  const kept = message.status === 'failed' ? attachment : null;
  const [row] = await db
    .insert(outboxMessages)
    .values({
      ...values,
      attachment_name: kept?.name ?? null,
      attachment_type: kept?.type ?? null,
      attachment: kept ? Buffer.from(kept.content) : null,
      sent_at: message.status === 'sent' ? sql`now()` : null,
    })
    .returning();
  return row;
}

/** The list's filters; each absent one lets every row through. */
export interface OutboxFilters {
  channel?: OutboxChannel;
  status?: OutboxStatus;
  application_id?: number;
  template_key?: string;
}

/** A listed message: the row without its attachment's bytes, with the name of who triggered it. */
export type ListedOutboxMessage = Omit<OutboxMessageRow, 'attachment'> & { triggered_by_name: string | null };

const listedColumns = {
  id: outboxMessages.id,
  company_id: outboxMessages.company_id,
  application_id: outboxMessages.application_id,
  channel: outboxMessages.channel,
  template_key: outboxMessages.template_key,
  recipient: outboxMessages.recipient,
  subject: outboxMessages.subject,
  body: outboxMessages.body,
  attachment_name: outboxMessages.attachment_name,
  attachment_type: outboxMessages.attachment_type,
  status: outboxMessages.status,
  error: outboxMessages.error,
  attempts: outboxMessages.attempts,
  triggered_by: outboxMessages.triggered_by,
  triggered_by_name: users.name,
  created_at: outboxMessages.created_at,
  sent_at: outboxMessages.sent_at,
};

/**
 * One page (1-based, `perPage` rows) of company `companyId`'s messages matching `filters`, newest
 * first, and how many match in all.
 */
export async function listOutboxMessages(
  db: Executor,
  companyId: number,
  filters: OutboxFilters,
  page: number,
  perPage: number,
): Promise<{ rows: ListedOutboxMessage[]; total: number }> {
  const conditions: SQL[] = [eq(outboxMessages.company_id, companyId)];
  if (filters.channel) conditions.push(eq(outboxMessages.channel, filters.channel));
  if (filters.status) conditions.push(eq(outboxMessages.status, filters.status));
  if (filters.application_id !== undefined)
    conditions.push(eq(outboxMessages.application_id, filters.application_id));
  if (filters.template_key) conditions.push(eq(outboxMessages.template_key, filters.template_key));
  const where = and(...conditions);
  const rows = await db
    .select(listedColumns)
    .from(outboxMessages)
    .leftJoin(users, eq(users.id, outboxMessages.triggered_by))
    .where(where)
    .orderBy(desc(outboxMessages.created_at), desc(outboxMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await db.select({ total: count() }).from(outboxMessages).where(where);
  return { rows, total: Number(total) };
}

/** Message `id` of company `companyId` locked for update (a resend holds it), or null. */
export async function lockOutboxMessage(
  db: Executor,
  companyId: number,
  id: number,
): Promise<OutboxMessageRow | null> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.company_id, companyId)))
    .for('update');
  return row ?? null;
}

/**
 * Stores the outcome of another attempt of message `id`: one more attempt, the status and error;
 * once sent, `sent_at` is now and the attachment is dropped. Returns the listed row.
 */
export async function settleOutboxResend(
  db: Executor,
  id: number,
  outcome: { status: OutboxStatus; error: string | null },
): Promise<ListedOutboxMessage> {
  const sent = outcome.status === 'sent';
  await db
    .update(outboxMessages)
    .set({
      status: outcome.status,
      error: outcome.error,
      attempts: sql`${outboxMessages.attempts} + 1`,
      ...(sent ? { sent_at: sql`now()`, attachment: null } : {}),
    })
    .where(eq(outboxMessages.id, id));
  const [row] = await db
    .select(listedColumns)
    .from(outboxMessages)
    .leftJoin(users, eq(users.id, outboxMessages.triggered_by))
    .where(eq(outboxMessages.id, id));
  return row;
}
