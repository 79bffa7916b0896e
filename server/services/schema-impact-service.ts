/**
 * schema-studio/impact and schema-studio/impact-status (issue 37 "Impact before publish"), the
 * `schema-impact` job, and the impact check of a publish. A replay of up to INLINE_IMPACT_LIMIT
 * applications is answered at once; a larger one runs as a job whose progress the studio follows.
 * Publishing a draft that changes stored applications needs `accept_impact: true`.
 * Super-admins only (SPEC §6, as the studio's changes). docs/decisions/705-impact-before-publish.md.
 */
import type { Executor } from '../db/database.ts';
import type { JobRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { enqueueJob, findJob, latestJobWithPayload } from '../repositories/jobs-repository.ts';
import { findSchemaVersion } from '../repositories/schema-versions-repository.ts';
import { requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import type { ImpactReport } from './impact-report.ts';
import { applicationsToReplay, type ReplayProgress, replayImpact } from './schema-impact.ts';
import { SCHEMA_VERSION_NOT_FOUND_MESSAGE } from './schema-versions.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const SCHEMA_IMPACT_KIND = 'schema-impact';
/** Applications replayed inside the call (and inside a publish); more run as a job. */
export const INLINE_IMPACT_LIMIT = 5_000;
/** How long a finished impact job stands for its draft at publish, in ms. */
export const IMPACT_FRESH_MS = 15 * 60_000;
/** Least time between two progress writes of the job, in ms. */
const PROGRESS_EVERY_MS = 500;

export const IMPACT_OF_DRAFT_ONLY_MESSAGE = 'Only a draft has an impact to check.';
export const IMPACT_JOB_NOT_FOUND_MESSAGE = 'No such impact check.';
/** Publish of a large book without a recent impact check. */
export const IMPACT_NEEDED_MESSAGE =
  'Check the impact of this draft first: publishing needs an impact check of the last 15 minutes.';
/** Publish of a draft that changes stored applications, without accept_impact. */
export const IMPACT_NOT_ACCEPTED_MESSAGE =
  'This draft changes stored applications; look at its impact and confirm it to publish.';

/** The job's payload. */
interface ImpactPayload {
  version: number;
  requested_by: number;
}

/** What impact and impact-status answer: the job (null when answered at once), its state and the report once done. */
export interface ImpactView {
  job_id: number | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: ReplayProgress | null;
  impact: ImpactReport | null;
  error: string | null;
}

function jobView(job: JobRow): ImpactView {
  return {
    job_id: job.id,
    status: job.status,
    progress: (job.progress as ReplayProgress | null) ?? null,
    impact: job.status === 'done' ? (job.result as unknown as ImpactReport) : null,
    error: job.status === 'failed' ? 'The impact check failed; start it again.' : null,
  };
}

async function draftOrRefuse(db: Executor, version: number) {
  const row = await findSchemaVersion(db, version);
  if (!row) throw new ApiError(404, SCHEMA_VERSION_NOT_FOUND_MESSAGE);
  if (row.status !== 'draft') throw new ApiError(409, IMPACT_OF_DRAFT_ONLY_MESSAGE);
  return row;
}

/**
 * The impact of draft `version` (super-admin): the report at once when at most INLINE_IMPACT_LIMIT
 * applications are in progress, else the impact job (an unfinished one of the same draft is
 * reused). ApiError 404 (version not stored), 409 (not a draft).
 */
export async function checkImpact(db: Executor, actor: Actor, version: number): Promise<ImpactView> {
  requireRole(actor, ['super-admin']);
  await draftOrRefuse(db, version);
  const total = await applicationsToReplay(db);
  if (total <= INLINE_IMPACT_LIMIT) {
    const impact = await replayImpact(db, version);
    const progress = { applications_checked: impact.applications_checked, applications_total: total };
    return { job_id: null, status: 'done', progress, impact, error: null };
  }
  const running = await latestJobWithPayload(db, SCHEMA_IMPACT_KIND, 'version', version);
  if (running && (running.status === 'queued' || running.status === 'running')) return jobView(running);
  const payload: ImpactPayload = { version, requested_by: actor.userId };
  return jobView(await enqueueJob(db, { kind: SCHEMA_IMPACT_KIND, payload: { ...payload }, maxAttempts: 3 }));
}

/** An impact job's state and, once done, its report (super-admin). ApiError 404 when no such job. */
export async function impactStatus(db: Executor, actor: Actor, jobId: number): Promise<ImpactView> {
  requireRole(actor, ['super-admin']);
  const job = await findJob(db, jobId);
  if (!job || job.kind !== SCHEMA_IMPACT_KIND) throw new ApiError(404, IMPACT_JOB_NOT_FOUND_MESSAGE);
  return jobView(job);
}

/** Replays the payload's draft, storing `{applications_checked, applications_total}` as progress; result: the report. */
export const schemaImpactJob: JobHandler = async (job, { db, signal, reportProgress }) => {
  const { version } = job.payload as unknown as ImpactPayload;
  let written = 0;
  const report = await replayImpact(db, version, {
    signal,
    onProgress: async (progress) => {
      const done = progress.applications_checked === progress.applications_total;
      if (!done && performance.now() - written < PROGRESS_EVERY_MS) return;
      written = performance.now();
      await reportProgress({ ...progress });
    },
  });
  return { ...report };
};

/**
 * The impact a publish of draft `version` goes by: replayed now when few applications are in
 * progress, else the newest impact job of the draft finished within IMPACT_FRESH_MS (ApiError 409
 * IMPACT_NEEDED_MESSAGE without one). When it changes stored applications and `acceptImpact` is not
 * true: ApiError 409 IMPACT_NOT_ACCEPTED_MESSAGE with `data.impact`. Returns the report.
 */
export async function requireAcceptedImpact(
  db: Executor,
  version: number,
  acceptImpact: boolean,
  now = new Date(),
): Promise<ImpactReport> {
  let impact: ImpactReport;
  if ((await applicationsToReplay(db)) <= INLINE_IMPACT_LIMIT) {
    impact = await replayImpact(db, version);
  } else {
    const job = await latestJobWithPayload(db, SCHEMA_IMPACT_KIND, 'version', version);
    const fresh = job?.status === 'done' && now.getTime() - job.updated_at.getTime() <= IMPACT_FRESH_MS;
    if (!fresh || !job) throw new ApiError(409, IMPACT_NEEDED_MESSAGE);
    impact = job.result as unknown as ImpactReport;
  }
  if (impact.changes_stored_applications && !acceptImpact) {
    throw new ApiError(409, IMPACT_NOT_ACCEPTED_MESSAGE, null, { impact });
  }
  return impact;
}
