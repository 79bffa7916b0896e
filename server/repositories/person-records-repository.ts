/**
 * The records that name one person, for privacy requests (issue 38;
 * docs/decisions/723-privacy-requests.md): their client contacts (by e-mail), the applications
 * naming them (linked to a contact, their customer account, or carrying the e-mail in the
 * document), the text conversations with a contact's phone, the webhook deliveries of those
 * applications, the outbox messages of those applications or to the e-mail or phones (issue 43)
 * and their customer account. Reads and erasure; the only code that does either.
 */
import { and, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  type ApplicationRow,
  applications,
  type ContactRow,
  contacts,
  type OutboxMessageRow,
  outboxMessages,
  sessions,
  type TextConversationRow,
  type TextMessageRow,
  textConversations,
  textMessages,
  users,
  type WebhookDeliveryRow,
  webhookDeliveries,
} from '../db/schema.ts';

/** Everything found for one person within a company (null: every company). */
export interface PersonRecords {
  users: {
    id: number;
    email: string;
    name: string;
    phone: string | null;
    role: string;
    company_id: number | null;
  }[];
  contacts: ContactRow[];
  applications: ApplicationRow[];
  text_conversations: (TextConversationRow & { messages: TextMessageRow[] })[];
  webhook_deliveries: WebhookDeliveryRow[];
  /** Without the attachment's bytes (a failed e-mail's PDF): its name says what it was. */
  outbox_messages: Omit<OutboxMessageRow, 'attachment'>[];
}

const inCompany = (column: SQL | typeof contacts.company_id, companyId: number | null) =>
  companyId === null ? undefined : sql`${column} = ${companyId}`;

/**
 * The records naming `email` (already trimmed and lower-cased); `phones` are the E.164 numbers of
 * its contacts (the caller converts them). Reads only; `db` may be a transaction.
 */
export async function findPersonRecords(
  db: Executor,
  email: string,
  companyId: number | null,
  phonesOf: (contacts: ContactRow[]) => string[],
): Promise<PersonRecords> {
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phone,
      role: users.role,
      company_id: users.company_id,
    })
    .from(users)
    .where(and(eq(users.email, email), inCompany(sql`${users.company_id}`, companyId)));
  const contactRows = await db
    .select()
    .from(contacts)
    .where(and(sql`lower(${contacts.email}) = ${email}`, inCompany(contacts.company_id, companyId)));
  const contactIds = contactRows.map((c) => String(c.id));
  const customerIds = people.filter((p) => p.role === 'customer').map((p) => p.id);
  const naming: SQL[] = [sql`lower(${applications.useable_details}::text) LIKE ${`%${likeEscaped(email)}%`}`];
  if (contactIds.length) naming.push(inArray(applications.client_name_id, contactIds));
  if (customerIds.length) naming.push(inArray(applications.client_user_id, customerIds));
  const applicationRows = await db
    .select()
    .from(applications)
    .where(and(or(...naming), inCompany(sql`${applications.company_id}`, companyId)));
  const phones = phonesOf(contactRows);
  const conversations = phones.length
    ? await db
        .select()
        .from(textConversations)
        .where(
          and(
            inArray(textConversations.client_phone, phones),
            inCompany(sql`${textConversations.company_id}`, companyId),
          ),
        )
    : [];
  const messages = conversations.length
    ? await db
        .select()
        .from(textMessages)
        .where(
          inArray(
            textMessages.conversation_id,
            conversations.map((c) => c.id),
          ),
        )
    : [];
  const applicationIds = applicationRows.map((a) => a.id);
  const deliveries = applicationIds.length
    ? await db
        .select()
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.application_id, applicationIds))
    : [];
  const addressed: SQL[] = [eq(outboxMessages.recipient, email)];
  if (phones.length) addressed.push(inArray(outboxMessages.recipient, phones));
  if (applicationIds.length) addressed.push(inArray(outboxMessages.application_id, applicationIds));
  const { attachment: _bytes, ...outboxColumns } = getTableColumns(outboxMessages);
  const outbox = await db
    .select(outboxColumns)
    .from(outboxMessages)
    .where(and(or(...addressed), inCompany(sql`${outboxMessages.company_id}`, companyId)));
  return {
    users: people,
    contacts: contactRows,
    applications: applicationRows,
    text_conversations: conversations.map((c) => ({
      ...c,
      messages: messages.filter((m) => m.conversation_id === c.id),
    })),
    webhook_deliveries: deliveries,
    outbox_messages: outbox,
  };
}

/** `text` with LIKE's wildcards escaped. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Erases `records` irreversibly (in the caller's transaction): contacts, text conversations (with
 * their messages), webhook deliveries and outbox messages are deleted; each application's document gets `document`
 * (the caller's anonymised copy) and loses its client name and links; a customer account is
 * anonymised (`erased-<id>@erased.invalid`) and its sessions revoked. Staff accounts are left.
 */
export async function erasePersonRecords(
  db: Executor,
  records: PersonRecords,
  anonymised: (application: ApplicationRow) => Record<string, unknown>,
  now: Date,
): Promise<Record<string, number>> {
  for (const application of records.applications) {
    await db
      .update(applications)
      .set({
        useable_details: anonymised(application),
        client_name: null,
        client_name_id: null,
        client_user_id: null,
        updated_at: now,
      })
      .where(eq(applications.id, application.id));
  }
  const contactIds = records.contacts.map((c) => c.id);
  if (contactIds.length) await db.delete(contacts).where(inArray(contacts.id, contactIds));
  const conversationIds = records.text_conversations.map((c) => c.id);
  if (conversationIds.length)
    await db.delete(textConversations).where(inArray(textConversations.id, conversationIds));
  const deliveryIds = records.webhook_deliveries.map((d) => d.id);
  if (deliveryIds.length)
    await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, deliveryIds));
  const outboxIds = records.outbox_messages.map((m) => m.id);
  if (outboxIds.length) await db.delete(outboxMessages).where(inArray(outboxMessages.id, outboxIds));
  const customers = records.users.filter((u) => u.role === 'customer');
  for (const customer of customers) {
    await db
      .update(users)
      .set({ email: `erased-${customer.id}@erased.invalid`, name: 'Erased', phone: null, updated_at: now })
      .where(eq(users.id, customer.id));
    await db
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(eq(sessions.user_id, customer.id), sql`${sessions.revoked_at} IS NULL`));
  }
  return {
    applications: records.applications.length,
    contacts: contactIds.length,
    text_conversations: conversationIds.length,
    text_messages: records.text_conversations.reduce((n, c) => n + c.messages.length, 0),
    webhook_deliveries: deliveryIds.length,
    outbox_messages: outboxIds.length,
    users: customers.length,
  };
}
