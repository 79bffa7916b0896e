/**
 * The outbox of the messaging console (issue 43, docs/decisions/763-outbox-of-customer-messages.md):
 * the managed company's e-mails and texts to its clients with their outcomes, one filtered page
 * at a time, and the resend of a failed one: the stored message (subject, text, PDF) sent again
 * through the company's channel as it is set up now, the row settled with one more attempt and
 * the resend audited (`message.resent`) in one transaction. Admins for their company, super-admins
 * for any (managedCompanyId); another company's message is 404, as a message that is not stored.
 */
import type { AuditCaller } from '../audit/record-audit-event.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import type { OutboxMessageRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findApplication } from '../repositories/applications-repository.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import {
  type ListedOutboxMessage,
  listOutboxMessages,
  lockOutboxMessage,
  type OutboxFilters,
  settleOutboxResend,
} from '../repositories/outbox-repository.ts';
import { COMPANY_NOT_FOUND, managedCompanyId } from './account-access.ts';
import type { Actor } from './actor.ts';
import { applicationReference } from './application-reference.ts';
import { type SendOutcome, sendErrorText } from './outbox-entry.ts';
import { companySmtp } from './portal-settings/smtp-settings.ts';
import { sendAutomaticText, type TextingDeps } from './texting-service.ts';

export const OUTBOX_MESSAGE_NOT_FOUND = 'No such message.';
export const ONLY_FAILED_RESENT = 'Only a failed message can be resent.';
/** The start of a 502's message when a resend failed again; the reason follows. */
export const RESEND_FAILED_PREFIX = 'The message could not be sent again:';

/** A message as answered: times in ISO 8601, the attachment by name only. */
export function outboxMessageView(row: ListedOutboxMessage) {
  return {
    id: row.id,
    application_id: row.application_id,
    application_reference: row.application_id === null ? null : applicationReference(row.application_id),
    channel: row.channel,
    template_key: row.template_key,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    attachment_name: row.attachment_name,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    triggered_by: row.triggered_by,
    triggered_by_name: row.triggered_by_name,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  };
}

export type OutboxMessageView = ReturnType<typeof outboxMessageView>;

/** The managed company of `actor` (`requested` for a super-admin); 404 when it is not stored. */
async function managedCompany(db: Executor, actor: Actor, requested: number | undefined) {
  const entry = await findCompanyWithExtras(db, managedCompanyId(actor, requested));
  if (!entry) throw new ApiError(404, COMPANY_NOT_FOUND);
  return entry.company;
}

/**
 * Page `page` (1-based, `perPage` messages) of the managed company's outbox matching `filters`,
 * newest first: `{messages, page, per_page, total}`. 403 for agents and customers, 404 for
 * another company (admins) or one not stored.
 */
export async function listOutbox(
  db: Executor,
  actor: Actor,
  requested: number | undefined,
  filters: OutboxFilters,
  page: number,
  perPage: number,
) {
  const company = await managedCompany(db, actor, requested);
  const { rows, total } = await listOutboxMessages(db, company.id, filters, page, perPage);
  return { messages: rows.map(outboxMessageView), page, per_page: perPage, total };
}

/** What a resend needs besides the database: the mailer and the texting channel. */
export interface ResendDeps {
  mailer: Mailer;
  texting: TextingDeps;
}

/** Sends stored e-mail `row` again through the company's SMTP (or the server's); never throws a send failure. */
async function resendMail(deps: ResendDeps, row: OutboxMessageRow, smtp: ReturnType<typeof companySmtp>) {
  try {
    await deps.mailer.send(
      {
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.body,
        attachments:
          row.attachment && row.attachment_name
            ? [
                {
                  filename: row.attachment_name,
                  contentType: row.attachment_type ?? 'application/octet-stream',
                  content: row.attachment,
                },
              ]
            : undefined,
      },
      smtp,
    );
    return { status: 'sent', error: null } satisfies SendOutcome;
  } catch (error) {
    return { status: 'failed', error: sendErrorText(error) } satisfies SendOutcome;
  }
}

/**
 * Resends failed message `id` of the managed company and answers `{message, error}`: the settled
 * row (attempts + 1; `sent` with `sent_at`, or still `failed` with the new reason) and that
 * reason (null when sent). A text goes through the texting console's channel (it shows in the
 * client's conversation), linked to the application while it exists. Audited as `message.resent`
 * with the outcome, in the transaction that settles the row; the row is locked meanwhile, so two
 * resends never both send. Throws 404 OUTBOX_MESSAGE_NOT_FOUND for a message not of the company,
 * 422 ONLY_FAILED_RESENT for one that is not failed, 403/404 as listOutbox.
 */
export async function resendOutboxMessage(
  db: Executor,
  deps: ResendDeps,
  actor: Actor,
  caller: AuditCaller,
  requested: number | undefined,
  id: number,
): Promise<{ message: OutboxMessageView; error: string | null }> {
  const company = await managedCompany(db, actor, requested);
  return db.transaction(async (tx) => {
    const row = await lockOutboxMessage(tx, company.id, id);
    if (!row) throw new ApiError(404, OUTBOX_MESSAGE_NOT_FOUND);
    if (row.status !== 'failed') throw new ApiError(422, ONLY_FAILED_RESENT);
    let settled: ListedOutboxMessage | null = null;
    let outcome: SendOutcome;
    if (row.channel === 'email') {
      outcome = await resendMail(deps, row, companySmtp(company));
      settled = await settleOutboxResend(tx, row.id, outcome);
    } else {
      const application =
        row.application_id === null ? null : await findApplication(tx, row.application_id, { kind: 'all' });
      const error = await sendAutomaticText(
        tx,
        deps.texting,
        company,
        application?.id ?? null,
        row.recipient,
        row.body,
        {
          outbox: async (inner, result) => {
            settled = await settleOutboxResend(inner, row.id, result);
          },
        },
      );
      outcome = error === null ? { status: 'sent', error: null } : { status: 'failed', error };
    }
    if (!settled) throw new Error(`outbox message ${row.id} was not settled`);
    await recordAuditEvent(tx, caller, {
      action: 'message.resent',
      companyId: company.id,
      target: { type: 'outbox_message', id: row.id },
      details: { channel: row.channel, template_key: row.template_key, status: outcome.status },
    });
    return { message: outboxMessageView(settled), error: outcome.error };
  });
}
