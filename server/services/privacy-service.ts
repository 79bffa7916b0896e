/**
 * Privacy requests (issue 38; docs/decisions/723-privacy-requests.md): `privacy/export-person`
 * answers every record that names a person (by e-mail) as JSON, `privacy/erase-person` removes or
 * irreversibly anonymises them in one transaction and answers the counts. Both are audited without
 * the e-mail. Super-admins act on every agency, admins on their own; agents and customers 403.
 */
import { type AuditCaller, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, ContactRow } from '../db/schema.ts';
import { toE164 } from '../messaging/sms/phone-number.ts';
import {
  erasePersonRecords,
  findPersonRecords,
  type PersonRecords,
} from '../repositories/person-records-repository.ts';
import { requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';

/** What replaces an erased value in an application's document. */
export const ERASED = '[erased]';

/** The company whose records the actor may search (null: every company); 403 below admin. */
function companyScope(actor: Actor): number | null {
  requireRole(actor, ['super-admin', 'admin']);
  return actor.role === 'super-admin' ? null : actor.companyId;
}

/** The E.164 numbers of the contacts' phones (those that parse). */
function phonesOf(rows: ContactRow[]): string[] {
  return [...new Set(rows.map((c) => toE164(c.phone)).filter((p): p is string => p !== null))];
}

const normalised = (email: string) => email.trim().toLowerCase();

/** The counts of a set of records, as both calls answer them. */
function countsOf(records: PersonRecords) {
  return {
    users: records.users.length,
    contacts: records.contacts.length,
    applications: records.applications.length,
    text_conversations: records.text_conversations.length,
    text_messages: records.text_conversations.reduce((n, c) => n + c.messages.length, 0),
    webhook_deliveries: records.webhook_deliveries.length,
    outbox_messages: records.outbox_messages.length,
  };
}

/** Every record naming `email` in the actor's reach, and their counts; audited as person.exported. */
export async function exportPerson(db: Executor, actor: Actor, email: string, caller: AuditCaller) {
  const companyId = companyScope(actor);
  const records = await findPersonRecords(db, normalised(email), companyId, phonesOf);
  const counts = countsOf(records);
  await recordAuditEvent(db, caller, {
    action: 'person.exported',
    companyId,
    target: { type: 'person', id: 'by-email' },
    details: counts,
  });
  return { counts, records };
}

/**
 * `value` (an application's document) with every string naming the person replaced: the e-mail
 * anywhere in a string, and whole values equal to a contact's name parts or phone.
 */
export function anonymisedDocument(value: unknown, email: string, exact: ReadonlySet<string>): unknown {
  if (typeof value === 'string') {
    if (exact.has(value.trim().toLowerCase())) return ERASED;
    return value.toLowerCase().includes(email)
      ? value.replace(new RegExp(escapeRegExp(email), 'gi'), ERASED)
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => anonymisedDocument(item, email, exact));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, anonymisedDocument(v, email, exact)]),
    );
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Erases every record naming `email` in the actor's reach in one transaction (with its audit
 * event, person.erased, whose details are the counts); answers the counts.
 */
export async function erasePerson(
  db: Executor,
  actor: Actor,
  email: string,
  caller: AuditCaller,
  now = new Date(),
) {
  const companyId = companyScope(actor);
  const address = normalised(email);
  return db.transaction(async (tx) => {
    const records = await findPersonRecords(tx, address, companyId, phonesOf);
    const exact = new Set(
      records.contacts
        .flatMap((c) => [c.first_name, c.last_name, c.business_name, c.phone, c.email])
        .filter((v): v is string => typeof v === 'string' && v.trim().length > 1)
        .map((v) => v.trim().toLowerCase()),
    );
    const counts = await erasePersonRecords(
      tx,
      records,
      (application: ApplicationRow) =>
        anonymisedDocument(application.useable_details, address, exact) as Record<string, unknown>,
      now,
    );
    await recordAuditEvent(tx, caller, {
      action: 'person.erased',
      companyId,
      target: { type: 'person', id: 'by-email' },
      details: counts,
    });
    return { counts };
  });
}
