/**
 * The alert note a carrier fault leaves on its application (SPEC §3 Note): a quote ending in
 * error is a failed automatic launch (`sent_by` auto_launch, `status` failed: red); one ending in
 * timeout is an auto quote timeout (`sent_by` auto_quote_timeout: yellow). One active note per
 * kind names every carrier currently in that state, so retries never add a second note.
 * docs/decisions/105-carrier-fault-alert-notes.md.
 */
import type { Executor } from '../db/database.ts';
import type { NoteRow } from '../db/schema.ts';
import { findActiveNoteBy, insertNote, updateNotePayload } from '../repositories/notes-repository.ts';
import { quotesOfApplication } from '../repositories/quotes-repository.ts';

/** A quote status that is a carrier fault. */
export type CarrierFault = 'error' | 'timeout';

/** The note payload fields of each fault, and its message over the carriers' display names. */
export const CARRIER_FAULT_NOTES: Record<
  CarrierFault,
  { sent_by: string; status: string; message: (carriers: string) => string }
> = {
  error: {
    sent_by: 'auto_launch',
    status: 'failed',
    message: (carriers) => `Automatic launch failed for ${carriers}.`,
  },
  timeout: {
    sent_by: 'auto_quote_timeout',
    status: 'timeout',
    message: (carriers) => `No quote in time from ${carriers}.`,
  },
};

/**
 * Makes sure the application has an active alert note for `fault` naming, in launch order, every
 * carrier whose quote is now in that status: inserts it when missing, rewrites its message (and
 * raises `is_alert` again) when another carrier joined, leaves it alone otherwise. Returns the
 * note, or null when no quote of the application has that status. Call it in the transaction
 * that wrote the quote, holding the application row's lock, so two workers cannot both insert.
 */
export async function noteCarrierFault(
  db: Executor,
  applicationId: number,
  fault: CarrierFault,
): Promise<NoteRow | null> {
  const kind = CARRIER_FAULT_NOTES[fault];
  const carriers = (await quotesOfApplication(db, applicationId))
    .filter((quote) => quote.status === fault)
    .map((quote) => quote.display_name);
  if (!carriers.length) return null;
  const message = kind.message(carriers.join(', '));
  const existing = await findActiveNoteBy(db, applicationId, kind.sent_by, kind.status);
  if (!existing) {
    return insertNote(db, applicationId, {
      is_alert: true,
      is_active: true,
      sent_by: kind.sent_by,
      status: kind.status,
      message,
    });
  }
  if (existing.payload.message === message) return existing;
  return updateNotePayload(db, existing.id, { ...existing.payload, message, is_alert: true });
}
