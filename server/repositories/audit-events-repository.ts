/**
 * Rows of `audit_events` (migration 0053, issue 38): the only code that queries the table. Rows
 * are inserted and read; the retention purge is the one delete the table's trigger lets through
 * (docs/decisions/719-append-only-audit-trail.md).
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type AuditEventRow, auditEvents } from '../db/schema.ts';

/** An event as written (the id and, unless given, the time come from the database). */
export interface NewAuditEvent {
  action: string;
  /** The session whose root user is the person acting (a switched session's origin); null: none. */
  sessionKeyHash: string | null;
  /** Whom the person acted as (the session's user, or the account signing in); null: unknown. */
  actingAsUserId: number | null;
  companyId: number | null;
  targetType: string | null;
  targetId: string | null;
  clientAddress: string | null;
  details: Record<string, unknown>;
  occurredAt?: Date;
}

/**
 * Inserts one event in one statement; the person (`actor_user_id`) is the user of the first session
 * of `sessionKeyHash`'s switch chain (sessions.switched_from_session_id), else `actingAsUserId`.
 */
export async function insertAuditEvent(db: Executor, event: NewAuditEvent): Promise<void> {
  const occurredAt = event.occurredAt ?? new Date();
  await db.execute(sql`
    WITH RECURSIVE chain AS (
      SELECT id, user_id, switched_from_session_id, 0 AS depth FROM sessions
        WHERE key_hash = ${event.sessionKeyHash ?? ''}
      UNION ALL
      SELECT s.id, s.user_id, s.switched_from_session_id, chain.depth + 1
        FROM sessions s JOIN chain ON s.id = chain.switched_from_session_id
        WHERE chain.depth < 20
    )
    INSERT INTO audit_events
      (occurred_at, action, actor_user_id, acting_as_user_id, company_id, target_type, target_id,
       client_address, details)
    VALUES (
      ${occurredAt.toISOString()}::timestamptz, ${event.action},
      COALESCE((SELECT user_id FROM chain ORDER BY depth DESC LIMIT 1), ${event.actingAsUserId}::integer),
      ${event.actingAsUserId}::integer, ${event.companyId}::integer, ${event.targetType}, ${event.targetId},
      ${event.clientAddress}, ${JSON.stringify(event.details)}::jsonb
    )`);
}

/** What a listing asks: one company's events (null: every company's), an action, a time range. */
export interface AuditEventFilter {
  companyId: number | null;
  action?: string;
  /** Inclusive lower bound of occurred_at. */
  from?: Date;
  /** Exclusive upper bound of occurred_at. */
  to?: Date;
}

function whereOf(filter: AuditEventFilter): SQL | undefined {
  return and(
    filter.companyId === null ? undefined : eq(auditEvents.company_id, filter.companyId),
    filter.action === undefined ? undefined : eq(auditEvents.action, filter.action),
    filter.from === undefined ? undefined : gte(auditEvents.occurred_at, filter.from),
    filter.to === undefined ? undefined : lt(auditEvents.occurred_at, filter.to),
  );
}

/** One page of events, newest first, and how many match in all. */
export async function listAuditEvents(
  db: Executor,
  filter: AuditEventFilter,
  page: number,
  perPage: number,
): Promise<{ rows: AuditEventRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.occurred_at), desc(auditEvents.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ n }] = await db.select({ n: count() }).from(auditEvents).where(where);
  return { rows, total: Number(n) };
}

/**
 * Deletes the events that occurred before `cutoff` (the retention purge): names the cut-off to the
 * append-only trigger for this transaction only, so no other delete passes. Answers the count.
 */
export async function purgeAuditEventsBefore(db: Executor, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('audit.purge_before', ${cutoff.toISOString()}, true)`);
    const deleted = await tx
      .delete(auditEvents)
      .where(lt(auditEvents.occurred_at, cutoff))
      .returning({ id: auditEvents.id });
    return deleted.length;
  });
}
