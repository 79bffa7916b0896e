/**
 * The `report-export` job (issue 12 Reporting: "large exports run as a job with progress and a
 * download link"; docs/decisions/411-report-exports-as-jobs.md): writes the report's CSV of the
 * requested range, filters and columns to a file under reportDownloadsDir(), streaming it to disk
 * (PostgreSQL's COPY chunks, or keyset pages on PGlite; ADR 580), and keeps
 * `{rows_written, rows_total}` as the job's progress. A re-run after a crash starts the file again from its header (the `.part` file is
 * overwritten, renamed only when complete), so a half file is never offered for download.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import retention from '../config/report-exports.json' with { type: 'json' };
import type { UserRole } from '../db/schema.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { reportCount } from '../repositories/reporting-repository.ts';
import { currentSettings } from '../settings/settings.ts';
import { type Actor, accessScope } from './actor.ts';
import { type ExportInput, reportCsvStream } from './report-csv-export.ts';
import { toReportFilters } from './reporting-service.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const REPORT_EXPORT_KIND = 'report-export';
/**
 * Days an export's file and job row are kept after it was asked for (server/config/report-exports.json,
 * docs/decisions/450-report-export-retention.md).
 */
export const REPORT_EXPORT_RETENTION_DAYS: number = retention.retention_days;
/** Hour (UTC) of the daily clean-up of expired exports. */
export const REPORT_EXPORT_CLEANUP_HOUR_UTC: number = retention.cleanup_hour_utc;

/** When an export asked for at `createdAt` expires: REPORT_EXPORT_RETENTION_DAYS later. */
export function reportExportExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REPORT_EXPORT_RETENTION_DAYS * 86_400_000);
}

/** Least time between two progress writes, in ms (a million rows would otherwise be 1,000 writes). */
const PROGRESS_EVERY_MS = 500;

/** What start-export stores on the job: who asked, as whom the rows are read, and what. */
export interface ReportExportPayload {
  /** The user who asked; the only one who may read the job and download its file. */
  requested_by: number;
  actor: { role: UserRole; companyId: number | null; agentId: number | null };
  input: ExportInput;
  /** Random part of the file's name (unguessable, and unique across databases sharing the folder). */
  file_key: string;
  file_name: string;
}

/** The job's stored progress. */
export type ReportExportProgress = {
  rows_written: number;
  rows_total: number;
};

/**
 * The folder export files are written to: REPORT_DOWNLOADS_DIR, else `rmga-report-downloads`
 * in the system's temporary folder.
 */
export function reportDownloadsDir(): string {
  return currentSettings().REPORT_DOWNLOADS_DIR ?? join(tmpdir(), 'rmga-report-downloads');
}

/** The path of a finished export's file (`<dir>/report-<job id>-<file key>.csv`). */
export function reportDownloadPath(jobId: number, fileKey: string): string {
  return join(reportDownloadsDir(), `report-${jobId}-${fileKey}.csv`);
}

/** The requester as the rows are read: their role and company or agent record at request time. */
function actorOf(payload: ReportExportPayload): Actor {
  return { userId: payload.requested_by, ...payload.actor, licensedStates: [], sessionKeyHash: '' };
}

/** Writes the file; result `{rows, bytes, file_name}`. Throws when the lease is lost or the database fails. */
export const reportExportJob: JobHandler = async (job, { db, signal, reportProgress }) => {
  const payload = job.payload as unknown as ReportExportPayload;
  const actor = actorOf(payload);
  const rowsTotal = await reportCount(db, accessScope(actor), toReportFilters(payload.input));
  await reportProgress({ rows_written: 0, rows_total: rowsTotal } satisfies ReportExportProgress);
  const path = reportDownloadPath(job.id, payload.file_key);
  const part = `${path}.part`;
  await mkdir(reportDownloadsDir(), { recursive: true });
  let rowsWritten = 0;
  let reportedAt = Date.now();
  const csv = reportCsvStream(db, actor, payload.input, async (rowsSoFar) => {
    if (signal.aborted) throw new Error('The export lost its lease; another attempt writes the file.');
    rowsWritten = rowsSoFar;
    if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = Date.now();
    await reportProgress({ rows_written: rowsWritten, rows_total: Math.max(rowsTotal, rowsWritten) });
  });
  await pipeline(csv, createWriteStream(part));
  await rename(part, path);
  await reportProgress({ rows_written: rowsWritten, rows_total: rowsWritten });
  return { rows: rowsWritten, bytes: (await stat(path)).size, file_name: payload.file_name };
};
