/**
 * The `records-retention` job (issue 38; docs/decisions/720-records-retention-job.md): once a day
 * at RECORDS_RETENTION_HOUR_UTC it deletes the audit events older than AUDIT_RETENTION_DAYS (the
 * one delete the table's append-only trigger lets through). Server start and each run queue the
 * next day's run under a dedupe key of its date, so several server processes queue one run a day
 * and one worker claims it; a run repeated after a crash deletes what is left.
 */
import { auditRetentionDaysOf } from '../audit/audit-retention.ts';
import type { Executor } from '../db/database.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { purgeAuditEventsBefore } from '../repositories/audit-events-repository.ts';
import { enqueueJob } from '../repositories/jobs-repository.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const RECORDS_RETENTION_KIND = 'records-retention';
/** The UTC hour of the daily run (a quiet hour for US agencies). */
export const RECORDS_RETENTION_HOUR_UTC = 8;

/** The next RECORDS_RETENTION_HOUR_UTC o'clock strictly after `now`. */
export function nextRecordsRetentionRun(now: Date): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RECORDS_RETENTION_HOUR_UTC),
  );
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Queues the run of the next day after `now` (one per date: the dedupe key is the date). */
export async function scheduleRecordsRetention(db: Executor, now: Date = new Date()) {
  const runAfter = nextRecordsRetentionRun(now);
  return enqueueJob(db, {
    kind: RECORDS_RETENTION_KIND,
    payload: {},
    runAfter,
    dedupeKey: `${RECORDS_RETENTION_KIND}:${runAfter.toISOString().slice(0, 10)}`,
    maxAttempts: 3,
  });
}

/**
 * Deletes what outlived its retention at `now`; answers the counts: `{audit_cutoff, audit_events}`.
 */
export async function purgeExpiredRecords(db: Executor, now: Date) {
  const auditCutoff = new Date(now.getTime() - auditRetentionDaysOf() * 86_400_000);
  const auditEvents = await purgeAuditEventsBefore(db, auditCutoff);
  return { audit_cutoff: auditCutoff.toISOString(), audit_events: auditEvents };
}

/** Queues tomorrow's run first (a failed run never ends the schedule), then purges. */
export const recordsRetentionJob: JobHandler = async (_job, { db }) => {
  const now = new Date();
  await scheduleRecordsRetention(db, now);
  return purgeExpiredRecords(db, now);
};
