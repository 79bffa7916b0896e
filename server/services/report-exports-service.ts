/**
 * reporting/start-export, reporting/get-export and the report download (issue 12 Reporting; SPEC
 * §7 "report downloads from a public path"; docs/decisions/411-report-exports-as-jobs.md): an
 * export runs as a `report-export` job; its requester follows the progress and downloads the
 * finished file from GET /api/reporting/downloads/:id. Only the user who asked sees the export
 * or its file; anyone else (their admin included) gets 404, as for a record that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Executor } from '../db/database.ts';
import type { JobRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { enqueueJob, findJob } from '../repositories/jobs-repository.ts';
import type { Actor } from './actor.ts';
import { type ExportInput, exportFileName } from './report-csv-export.ts';
import {
  REPORT_EXPORT_KIND,
  REPORT_EXPORT_RETENTION_DAYS,
  type ReportExportPayload,
  type ReportExportProgress,
  reportDownloadPath,
  reportExportExpiresAt,
} from './report-export-job.ts';
import { toReportFilters } from './reporting-service.ts';

/**
 * The message of a 404 for an export that is not the caller's or does not exist (any more: the
 * clean-up deletes expired exports, docs/decisions/450-report-export-retention.md).
 */
export const EXPORT_NOT_FOUND_MESSAGE = `Export not found. Exports are deleted ${REPORT_EXPORT_RETENTION_DAYS} days after they are made.`;
/** The message of the 410 for the caller's export past its retention (its file deleted or about to be). */
export const EXPORT_EXPIRED_MESSAGE = `This export expired: exports are kept for ${REPORT_EXPORT_RETENTION_DAYS} days. Run the export again.`;
const EXPORT_FAILED_MESSAGE = 'The export failed. Try again, or narrow the range.';
/** How many times an export is tried before it fails (a lost database, a full disk). */
const EXPORT_MAX_ATTEMPTS = 3;

/** The report downloads path of an export (SPEC §7): the link the dialog shows when it is done. */
export function reportDownloadUrl(id: number): string {
  return `/api/reporting/downloads/${id}`;
}

/** An export as the portal shows it (docs/api.md reporting/get-export). */
export interface ReportExportView {
  id: number;
  status: JobRow['status'];
  file_name: string;
  rows_written: number;
  /** Rows the range matched when the job started; null before it starts. */
  rows_total: number | null;
  /** The report downloads path once the file is complete; null before, and after it expired. */
  download_url: string | null;
  /** Why there is no file: the export failed, or it expired. */
  error: string | null;
  created_at: string;
  /** When the file and this export are deleted (REPORT_EXPORT_RETENTION_DAYS after created_at). */
  expires_at: string;
}

function view(job: JobRow, now: Date): ReportExportView {
  const payload = job.payload as unknown as ReportExportPayload;
  const progress = job.progress as ReportExportProgress | null;
  const expiresAt = reportExportExpiresAt(job.created_at);
  const expired = expiresAt <= now;
  return {
    id: job.id,
    status: job.status,
    file_name: payload.file_name,
    rows_written: progress?.rows_written ?? 0,
    rows_total: progress?.rows_total ?? null,
    download_url: job.status === 'done' && !expired ? reportDownloadUrl(job.id) : null,
    error: expired ? EXPORT_EXPIRED_MESSAGE : job.status === 'failed' ? EXPORT_FAILED_MESSAGE : null,
    created_at: job.created_at.toISOString(),
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * Queues the export of `input` for `actor` and returns its view (status `queued`). Throws ApiError
 * 400 for a bad range or time zone before anything is stored (toReportFilters).
 */
export async function startReportExport(
  db: Executor,
  actor: Actor,
  input: ExportInput,
): Promise<ReportExportView> {
  toReportFilters(input);
  const payload: ReportExportPayload = {
    requested_by: actor.userId,
    actor: { role: actor.role, companyId: actor.companyId, agentId: actor.agentId },
    input: {
      from: input.from,
      to: input.to,
      time_zone: input.time_zone ?? null,
      filters: input.filters ?? {},
      columns: input.columns,
    },
    file_key: randomUUID(),
    file_name: exportFileName(input),
  };
  const job = await enqueueJob(db, {
    kind: REPORT_EXPORT_KIND,
    payload: payload as unknown as Record<string, unknown>,
    companyId: actor.companyId,
    maxAttempts: EXPORT_MAX_ATTEMPTS,
  });
  return view(job, new Date());
}

/** The caller's own export `id`; throws ApiError 404 for another user's or a missing one. */
async function ownExport(db: Executor, actor: Actor, id: number): Promise<JobRow> {
  const job = await findJob(db, id);
  const payload = job?.payload as unknown as ReportExportPayload | undefined;
  if (!job || job.kind !== REPORT_EXPORT_KIND || payload?.requested_by !== actor.userId) {
    throw new ApiError(404, EXPORT_NOT_FOUND_MESSAGE);
  }
  return job;
}

/** The caller's export `id` with its progress. Throws ApiError 404 as ownExport. */
export async function getReportExport(db: Executor, actor: Actor, id: number): Promise<ReportExportView> {
  return view(await ownExport(db, actor, id), new Date());
}

/**
 * The finished file of the caller's export `id` as `{file_name, stream}`. Throws ApiError 404 for
 * another user's export, a deleted one, one not finished, or a file no longer on disk; 410
 * (EXPORT_EXPIRED_MESSAGE) for the caller's export past its retention that the clean-up has not
 * deleted yet.
 */
export async function openReportDownload(
  db: Executor,
  actor: Actor,
  id: number,
): Promise<{ file_name: string; stream: Readable }> {
  const job = await ownExport(db, actor, id);
  const payload = job.payload as unknown as ReportExportPayload;
  const path = reportDownloadPath(job.id, payload.file_key);
  if (reportExportExpiresAt(job.created_at) <= new Date()) throw new ApiError(410, EXPORT_EXPIRED_MESSAGE);
  if (job.status !== 'done') throw new ApiError(404, EXPORT_NOT_FOUND_MESSAGE);
  try {
    await access(path);
  } catch {
    throw new ApiError(404, EXPORT_NOT_FOUND_MESSAGE);
  }
  return { file_name: payload.file_name, stream: createReadStream(path) };
}
