/**
 * The `report-export-cleanup` job (issue 12; docs/decisions/450-report-export-retention.md):
 * deletes report exports older than REPORT_EXPORT_RETENTION_DAYS, their CSV files under
 * reportDownloadsDir() and their finished job rows, and any export file in that folder last
 * written before the same cut-off (a `.part` file a failed export left, or a file whose row is
 * gone). Runs daily at REPORT_EXPORT_CLEANUP_HOUR_UTC on the jobs table: server start and each
 * run queue the next day's run under a dedupe key of its date, so several server processes queue
 * one run a day and one worker claims it. Idempotent: a run repeated after a crash deletes what is
 * left (files first, then rows: a crash between them leaves a row whose file is gone, which the
 * download answers 410 for as expired, never a file without its row).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Executor } from '../db/database.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { deleteFinishedJobs, enqueueJob, listFinishedJobsBefore } from '../repositories/jobs-repository.ts';
import {
  REPORT_EXPORT_CLEANUP_HOUR_UTC,
  REPORT_EXPORT_KIND,
  REPORT_EXPORT_RETENTION_DAYS,
  type ReportExportPayload,
  reportDownloadPath,
  reportDownloadsDir,
} from './report-export-job.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const REPORT_EXPORT_CLEANUP_KIND = 'report-export-cleanup';
/** The names the export job gives its files (report-<job id>-<file key>.csv, and .part while written). */
const EXPORT_FILE_NAME = /^report-\d+-[0-9a-f-]+\.csv(\.part)?$/;

/** The next REPORT_EXPORT_CLEANUP_HOUR_UTC o'clock strictly after `now`. */
export function nextReportExportCleanup(now: Date): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), REPORT_EXPORT_CLEANUP_HOUR_UTC),
  );
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Queues the clean-up of the next day after `now` (one per date: the dedupe key is the date). */
export async function scheduleReportExportCleanup(db: Executor, now: Date = new Date()) {
  const runAfter = nextReportExportCleanup(now);
  return enqueueJob(db, {
    kind: REPORT_EXPORT_CLEANUP_KIND,
    payload: {},
    runAfter,
    dedupeKey: `${REPORT_EXPORT_CLEANUP_KIND}:${runAfter.toISOString().slice(0, 10)}`,
    maxAttempts: 3,
  });
}

/**
 * Deletes the exports asked for before `cutoff` (files, then rows) and the export files of the
 * folder last written before it. Answers what it deleted: `{exports, files}`.
 */
export async function deleteExpiredReportExports(
  db: Executor,
  cutoff: Date,
): Promise<{ exports: number; files: number }> {
  const expired = await listFinishedJobsBefore(db, REPORT_EXPORT_KIND, cutoff);
  for (const job of expired) {
    const path = reportDownloadPath(job.id, (job.payload as unknown as ReportExportPayload).file_key);
    await rm(path, { force: true });
    await rm(`${path}.part`, { force: true });
  }
  const exports = await deleteFinishedJobs(
    db,
    expired.map((job) => job.id),
  );
  const dir = reportDownloadsDir();
  let files = 0;
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names.filter((entry) => EXPORT_FILE_NAME.test(entry))) {
    const path = join(dir, name);
    // Another process may delete it between the listing and here.
    const written = await stat(path).catch(() => null);
    if (written && written.mtime < cutoff) {
      await rm(path, { force: true });
      files += 1;
    }
  }
  return { exports, files };
}

/** Queues tomorrow's run first (a failed run never ends the schedule), then deletes what expired. */
export const reportExportCleanupJob: JobHandler = async (_job, { db }) => {
  const now = new Date();
  await scheduleReportExportCleanup(db, now);
  const cutoff = new Date(now.getTime() - REPORT_EXPORT_RETENTION_DAYS * 86_400_000);
  return { cutoff: cutoff.toISOString(), ...(await deleteExpiredReportExports(db, cutoff)) };
};
