/**
 * How a send writes its outbox row (issue 43, docs/decisions/763-outbox-of-customer-messages.md):
 * the sender hands an OutboxWrite to the code that stores the send's outcome, which calls it in
 * that same transaction, so the message, its note or text message and its outbox row are written
 * together or not at all. A first send inserts a row (newOutboxEntry); a resend settles the row it
 * resent (outbox-service.ts).
 */
import type { Executor } from '../db/database.ts';
import type { OutboxStatus } from '../db/schema.ts';
import { insertOutboxMessage, type NewOutboxMessage } from '../repositories/outbox-repository.ts';

/**
 * The messages the outbox records, by the `sent_by` name their notes carry (SPEC §3 Note,
 * schemas/constants/alert-colours.json): an agent's send-quote e-mail, the automatic e-mails and
 * texts when quoting completes and as a follow-up, and a text from the texting console.
 */
export const OUTBOX_TEMPLATE_KEYS = [
  'quote_email',
  'status_changed_complete_job_email',
  'auto_sent_quote_complete',
  'timeout_job_email',
  'timeout_job_sms',
  'texting_console',
] as const;
export type OutboxTemplateKey = (typeof OUTBOX_TEMPLATE_KEYS)[number];

/** How one attempt ended: `error` is the reason shown to the admin, null when sent. */
export interface SendOutcome {
  status: OutboxStatus;
  error: string | null;
}

/** Writes a send's outcome to the outbox in `tx`, the transaction that stores the outcome. */
export type OutboxWrite = (tx: Executor, outcome: SendOutcome) => Promise<void>;

/** The write of a first send of `message`: inserts its row with the outcome. */
export function newOutboxEntry(
  message: Omit<NewOutboxMessage, 'status' | 'error' | 'template_key'> & { template_key: OutboxTemplateKey },
): OutboxWrite {
  return async (tx, outcome) => {
    await insertOutboxMessage(tx, { ...message, ...outcome });
  };
}

/** Longest error text kept with a message, in characters. */
const MAX_ERROR_LENGTH = 500;

/** The reason a send threw, as the outbox keeps it: the error's message, cut to 500 characters. */
export function sendErrorText(error: unknown): string {
  const text = error instanceof Error && error.message ? error.message : 'The message could not be sent.';
  return text.slice(0, MAX_ERROR_LENGTH);
}
