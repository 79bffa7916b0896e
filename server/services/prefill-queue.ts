/**
 * Queueing the background pre-fill (issue 40): the job kind, when an edit counts as an address
 * change, and the enqueue the application calls use (create, an address edit, "Fill from property
 * data"). The handler lives in property-data-prefill-job.ts; this module imports no service, so the
 * applications service can queue without an import circle.
 * docs/decisions/758-prefill-in-the-background-and-estimates.md.
 */
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, JobRow } from '../db/schema.ts';
import { enqueueJob } from '../repositories/jobs-repository.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const PREFILL_KIND = 'property-data-prefill';
/** Wait after an address edit before looking it up, in ms: autosaves while typing queue one lookup. */
export const ADDRESS_CHANGE_DELAY_MS = 2_000;
/** The document fields that make up the address looked up. */
export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zip'] as const;

/** Why a pre-fill was queued. */
export type PrefillReason = 'created' | 'address-changed' | 'asked';

/** True when `next` has another address than `previous` (a field of ADDRESS_FIELDS differs). */
export function addressChanged(previous: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return ADDRESS_FIELDS.some((field) => (previous[field] ?? '') !== (next[field] ?? ''));
}

/**
 * Queues a pre-fill of application `row` in the caller's transaction; `reason` address-changed
 * runs it ADDRESS_CHANGE_DELAY_MS later (a newer one queued meanwhile supersedes it). Returns the job.
 */
export function enqueuePrefill(
  db: Executor,
  row: Pick<ApplicationRow, 'id' | 'company_id'>,
  reason: PrefillReason,
): Promise<JobRow> {
  const delay = reason === 'address-changed' ? ADDRESS_CHANGE_DELAY_MS : 0;
  return enqueueJob(db, {
    kind: PREFILL_KIND,
    payload: { application_id: row.id, reason },
    companyId: row.company_id,
    runAfter: new Date(Date.now() + delay),
    maxAttempts: 3,
  });
}
