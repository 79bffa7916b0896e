/**
 * Texting conversations and messages (tables text_conversations, text_messages; migration
 * 0012-texting.sql, issue 14). The only code that queries them. A caller sees one company's
 * conversations, a super-admin every company's. docs/decisions/210-texting-conversations-and-messages.md.
 */
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  applications,
  type TextConversationRow,
  type TextMessageRow,
  type TextStatus,
  textConversations,
  textMessages,
} from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** Whose conversations a caller sees: every company's, one company's, or none. */
export type TextingScope = { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'none' };

function visible(scope: TextingScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return eq(textConversations.company_id, scope.companyId);
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The newest application of `companyId` whose client phone (useable_details.phone, any format)
 * ends with the same ten digits as `e164` (the US national number), or null.
 */
export async function findApplicationForPhone(
  db: Executor,
  companyId: number,
  e164: string,
): Promise<number | null> {
  const lastTen = e164.replace(/\D/g, '').slice(-10);
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.company_id, companyId),
        sql`right(regexp_replace(coalesce(${applications.useable_details}->>'phone', ''), '[^0-9]', '', 'g'), 10) = ${lastTen}`,
      ),
    )
    .orderBy(desc(applications.updated_at), desc(applications.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The conversation of `companyId` with `clientPhone` (E.164), created when new; a conversation
 * without an application takes `applicationId` when one is given.
 */
export async function upsertConversation(
  db: Executor,
  companyId: number,
  clientPhone: string,
  applicationId: number | null,
): Promise<TextConversationRow> {
  const [row] = await db
    .insert(textConversations)
    .values({ company_id: companyId, client_phone: clientPhone, application_id: applicationId })
    .onConflictDoUpdate({
      target: [textConversations.company_id, textConversations.client_phone],
      set: { application_id: sql`coalesce(${textConversations.application_id}, excluded.application_id)` },
    })
    .returning();
  return row;
}

/** A conversation as listed: the linked application's client name, the last message, unread inbound count. */
export interface ListedConversation extends TextConversationRow {
  client_name: string | null;
  last_body: string | null;
  last_direction: 'inbound' | 'outbound' | null;
  last_status: TextStatus | null;
  unread_count: number;
}

/** A conversation's columns and its linked application's client name. */
const conversationColumns = {
  id: textConversations.id,
  company_id: textConversations.company_id,
  client_phone: textConversations.client_phone,
  application_id: textConversations.application_id,
  last_message_at: textConversations.last_message_at,
  created_at: textConversations.created_at,
  client_name: applications.client_name,
};

const lastMessage = (column: SQL) =>
  sql`(SELECT ${column} FROM text_messages m WHERE m.conversation_id = ${textConversations.id} ORDER BY m.id DESC LIMIT 1)`;

/**
 * The scope's conversations, most recent message first (at most `limit`), matching `search` in
 * the phone number's digits, the client's name or any message text.
 */
export async function listConversations(
  db: Executor,
  scope: TextingScope,
  search: string,
  limit = 200,
): Promise<ListedConversation[]> {
  const text = search.trim();
  const digits = text.replace(/\D/g, '');
  const rows = await db
    .select({
      ...conversationColumns,
      last_body: sql<string | null>`${lastMessage(sql`m.body`)}`,
      last_direction: sql<'inbound' | 'outbound' | null>`${lastMessage(sql`m.direction`)}`,
      last_status: sql<TextStatus | null>`${lastMessage(sql`m.status`)}`,
      unread_count: sql<number>`(SELECT count(*)::int FROM text_messages m WHERE m.conversation_id = ${textConversations.id} AND m.direction = 'inbound' AND m.read_at IS NULL)`,
    })
    .from(textConversations)
    .leftJoin(applications, eq(applications.id, textConversations.application_id))
    .where(
      and(
        visible(scope),
        text === ''
          ? undefined
          : or(
              digits.length >= 3 ? ilike(textConversations.client_phone, like(digits)) : undefined,
              ilike(applications.client_name, like(text)),
              sql`EXISTS (SELECT 1 FROM text_messages m WHERE m.conversation_id = ${textConversations.id} AND m.body ILIKE ${like(text)})`,
            ),
      ),
    )
    .orderBy(desc(textConversations.last_message_at), desc(textConversations.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, unread_count: Number(row.unread_count) }));
}

/** One conversation the scope sees, with the linked application's client name, or undefined. */
export async function findConversation(
  db: Executor,
  id: number,
  scope: TextingScope,
): Promise<(TextConversationRow & { client_name: string | null }) | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({
      ...conversationColumns,
    })
    .from(textConversations)
    .leftJoin(applications, eq(applications.id, textConversations.application_id))
    .where(and(eq(textConversations.id, id), visible(scope)));
  return row;
}

/** The messages of a conversation, oldest first. */
export async function listMessages(db: Executor, conversationId: number): Promise<TextMessageRow[]> {
  return db
    .select()
    .from(textMessages)
    .where(eq(textMessages.conversation_id, conversationId))
    .orderBy(asc(textMessages.id));
}

/** Marks the unread inbound messages of a conversation read now; returns how many. */
export async function markConversationRead(db: Executor, conversationId: number): Promise<number> {
  const rows = await db
    .update(textMessages)
    .set({ read_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(
        eq(textMessages.conversation_id, conversationId),
        eq(textMessages.direction, 'inbound'),
        isNull(textMessages.read_at),
      ),
    )
    .returning({ id: textMessages.id });
  return rows.length;
}

/**
 * Stores a message and moves its conversation's last_message_at; an inbound message whose
 * provider id is already stored (a provider retrying its webhook) is not stored again: undefined.
 */
export async function insertMessage(
  db: Executor,
  values: typeof textMessages.$inferInsert,
): Promise<TextMessageRow | undefined> {
  const [row] = await db.insert(textMessages).values(values).onConflictDoNothing().returning();
  if (row) {
    await db
      .update(textConversations)
      .set({ last_message_at: sql`now()` })
      .where(eq(textConversations.id, values.conversation_id));
  }
  return row;
}

/** Sets an outbound message's status, provider id and error (after the provider answered). */
export async function settleMessage(
  db: Executor,
  id: number,
  patch: { status: TextStatus; provider_message_id?: string | null; error?: string | null },
): Promise<TextMessageRow> {
  const [row] = await db
    .update(textMessages)
    .set({ ...patch, updated_at: sql`now()` })
    .where(eq(textMessages.id, id))
    .returning();
  return row;
}

/** Order of delivery statuses: a late callback never moves a message back (sent after delivered). */
const STATUS_RANK: Record<TextStatus, number> = {
  received: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
};

/**
 * Applies a provider's status callback to the company's message with that provider id, unless it
 * would move the status back; returns the message when it changed.
 */
export async function applyDeliveryStatus(
  db: Executor,
  companyId: number,
  provider: 'twilio' | 'sink',
  providerMessageId: string,
  status: TextStatus,
  error: string | null,
): Promise<TextMessageRow | undefined> {
  const lower = Object.entries(STATUS_RANK)
    .filter(([, rank]) => rank < STATUS_RANK[status])
    .map(([name]) => name);
  if (lower.length === 0) return undefined;
  const [row] = await db
    .update(textMessages)
    .set({ status, error, updated_at: sql`now()` })
    .where(
      and(
        eq(textMessages.company_id, companyId),
        eq(textMessages.provider, provider),
        eq(textMessages.provider_message_id, providerMessageId),
        eq(textMessages.direction, 'outbound'),
        sql`${textMessages.status} IN (${sql.join(
          lower.map((name) => sql`${name}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row;
}

/** A message change the events stream announces. */
export interface TextMessageChange {
  id: number;
  company_id: number;
  conversation_id: number;
  direction: 'inbound' | 'outbound';
  status: TextStatus;
  is_new: boolean;
  read: boolean;
  updated_at: Date;
}

/** Messages changed in the last `windowMs` by the database's clock (any process's writes). */
export async function recentMessageChanges(db: Executor, windowMs: number): Promise<TextMessageChange[]> {
  return db
    .select({
      id: textMessages.id,
      company_id: textMessages.company_id,
      conversation_id: textMessages.conversation_id,
      direction: textMessages.direction,
      status: textMessages.status,
      is_new: sql<boolean>`${textMessages.created_at} = ${textMessages.updated_at}`,
      read: sql<boolean>`${textMessages.read_at} IS NOT NULL`,
      updated_at: textMessages.updated_at,
    })
    .from(textMessages)
    .where(sql`${textMessages.updated_at} > now() - make_interval(secs => ${windowMs / 1000})`)
    .orderBy(asc(textMessages.updated_at), asc(textMessages.id));
}
