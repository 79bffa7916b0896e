/**
 * The background pre-fill (issue 40 "Pre-fill runs by itself"): a `property-data-prefill` job,
 * queued when an application is created, when its address changes and when the agent asks again,
 * looks the address up with the company's providers (property-data-service.ts), writes the values
 * found and the coverage estimates (coverage-estimates.ts) into the fields the pre-fill owns
 * (prefill-document.ts: empty, or still holding an earlier pre-fill's value), and keeps each
 * written field's mark (source, time, estimate or not) in the job's result, where
 * `prefillStatus` reads it. Questions only the insured can answer are never proposed: nothing
 * here writes a field that no provider and no estimate names.
 * docs/decisions/758-prefill-in-the-background-and-estimates.md.
 */
import {
  type CompiledSchemaSet,
  computeFields,
  fieldLabel,
  isApplicable,
  type RuleContext,
} from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import type { PropertyDataOptions } from '../property-data/build-providers.ts';
import { findApplication, updateApplication } from '../repositories/applications-repository.ts';
import { latestJobWithPayload } from '../repositories/jobs-repository.ts';
import type { Actor } from './actor.ts';
import { ALREADY_LAUNCHED_MESSAGE } from './applications-service.ts';
import { COVERAGE_ESTIMATES, ESTIMATED_FIELDS, estimateField } from './coverage-estimates.ts';
import { loadOwned } from './owned-application.ts';
import { type FieldMark, fillOwnedFields, type PrefillState, standingMarks } from './prefill-document.ts';
import { addressChanged, enqueuePrefill, PREFILL_KIND } from './prefill-queue.ts';
import { type JobResult, lookUpRow } from './property-data-service.ts';
import { ruleContextOf } from './schema-engine.ts';
import { compiledSchemaSetOf } from './schema-versions.ts';

const NOT_A_DRAFT = 'The application is no longer a draft.';

/** What the job stores as its result: the marks standing after it, and what it came to. */
export interface PrefillResult {
  /** The application's version the job's write made; null when it wrote nothing. */
  version: number | null;
  marks: Record<string, FieldMark>;
  filled: string[];
  /** Fields found or estimated that kept the agent's value. */
  kept: string[];
  sample: boolean;
  sources: string[];
  /** Per provider: its error, or the fields (labels) it could not find with the reason. */
  problems: { source: string; text: string }[];
  /** Why nothing was looked up (no address, launched, a newer pre-fill), or null. */
  skipped: string | null;
}

/** The marks of the newest finished pre-fill of application `id` (none before the first). */
async function previousMarks(db: Executor, id: number): Promise<Record<string, FieldMark>> {
  const done = await latestJobWithPayload(db, PREFILL_KIND, 'application_id', id, ['done']);
  return ((done?.result as PrefillResult | null)?.marks ?? {}) as Record<string, FieldMark>;
}

/** The problems of a lookup's jobs as the form lists them: an error, or labels not found by reason. */
function problemsOf(compiled: CompiledSchemaSet, jobs: JobResult[]): PrefillResult['problems'] {
  return jobs.flatMap((job) => {
    if (job.error) return [{ source: job.source, text: job.error }];
    const byReason = new Map<string, string[]>();
    for (const missing of job.missing)
      byReason.set(missing.reason, [
        ...(byReason.get(missing.reason) ?? []),
        fieldLabel(compiled, missing.field).label,
      ]);
    return [...byReason].map(([reason, labels]) => ({
      source: job.source,
      text: `${labels.join(', ')}: ${reason}`,
    }));
  });
}

/** A result that wrote nothing, carrying the earlier pre-fill's `marks` forward. */
const skippedResult = (skipped: string, marks: Record<string, FieldMark>): PrefillResult => ({
  version: null,
  marks,
  filled: [],
  kept: [],
  sample: false,
  sources: [],
  problems: [],
  skipped,
});

/**
 * `state` with the estimates of ESTIMATED_FIELDS written where the pre-fill owns the field, for a
 * product and application type the estimate table lists; each estimate reads the document as filled so far.
 */
function withEstimates(
  state: PrefillState,
  ctx: RuleContext,
  at: string,
  accepts: (field: string, value: string | number, doc: Record<string, unknown>) => boolean,
): PrefillState & { filled: string[]; kept: string[] } {
  let current = { ...state, filled: [] as string[], kept: [] as string[] };
  const { products, application_types } = COVERAGE_ESTIMATES;
  if (!products.includes(ctx.product) || !application_types.includes(ctx.application_type)) return current;
  for (const field of ESTIMATED_FIELDS) {
    const value = estimateField(field, current.doc);
    if (value === null) continue;
    const mark = { value, source: COVERAGE_ESTIMATES.source, fetched_at: at, estimate: true };
    const next = fillOwnedFields(current, { [field]: mark }, accepts);
    current = { ...next, filled: [...current.filled, ...next.filled], kept: [...current.kept, ...next.kept] };
  }
  return current;
}

/**
 * Writes a lookup's values and the estimates into application `id` if it is still new and at the
 * address looked up (else the result says why it was skipped): one transaction on the locked row,
 * computed fields recomputed, `version` bumped only when something was written.
 */
async function writePrefill(
  db: Executor,
  id: number,
  looked: Pick<ApplicationRow, 'useable_details'>,
  jobs: JobResult[],
  now: Date,
): Promise<PrefillResult> {
  return db.transaction(async (tx) => {
    const row = await findApplication(tx, id, { kind: 'all' }, true);
    const marks = await previousMarks(tx, id);
    if (row?.status !== 'new') return skippedResult(NOT_A_DRAFT, marks);
    if (addressChanged(looked.useable_details, row.useable_details))
      return skippedResult('The address changed while it was looked up; a newer pre-fill follows.', marks);
    const compiled = await compiledSchemaSetOf(tx, row.schema_version);
    const ctx = ruleContextOf(row);
    const accepts = (field: string, value: string | number, doc: Record<string, unknown>) =>
      Object.hasOwn(compiled.validators, field) &&
      compiled.validators[field](value) &&
      isApplicable(compiled, field, doc, ctx);
    const found: Record<string, FieldMark> = {};
    for (const job of jobs)
      for (const [field, entry] of Object.entries(job.fields))
        found[field] ??= {
          value: entry.value,
          source: entry.source,
          fetched_at: entry.fetched_at,
          estimate: false,
        };
    const start = { doc: row.useable_details, marks: standingMarks(row.useable_details, marks) };
    const fromLookup = fillOwnedFields(start, found, accepts);
    const computed = { ...fromLookup, doc: computeFields(compiled, fromLookup.doc, ctx) };
    const estimated = withEstimates(computed, ctx, now.toISOString(), accepts);
    const filled = [...fromLookup.filled, ...estimated.filled];
    const doc = computeFields(compiled, estimated.doc, ctx);
    const version = filled.length
      ? (await updateApplication(tx, id, { useable_details: doc })).version
      : null;
    return {
      version,
      marks: standingMarks(doc, estimated.marks),
      filled,
      kept: [...fromLookup.kept, ...estimated.kept],
      sample: jobs.some((job) => job.sample),
      sources: [...new Set(jobs.map((job) => job.source))],
      problems: problemsOf(compiled, jobs),
      skipped: null,
    };
  });
}

/**
 * The `property-data-prefill` handler with the app's provider options (base URLs and timeouts of
 * tests): skips an application gone, launched or superseded by a newer pre-fill, and one without
 * an address (the result says so); a provider's failure stays in `problems`, never fails the job.
 */
export function prefillJob(options: PropertyDataOptions = {}): JobHandler {
  return async (job, { db }) => {
    const id = Number(job.payload.application_id);
    const skip = async (why: string) => ({ ...skippedResult(why, await previousMarks(db, id)) });
    const newest = await latestJobWithPayload(db, PREFILL_KIND, 'application_id', id);
    if (newest && newest.id > job.id) return skip('A newer pre-fill was queued.');
    const row = await findApplication(db, id, { kind: 'all' });
    if (row?.status !== 'new') return skip(NOT_A_DRAFT);
    let lookup: Awaited<ReturnType<typeof lookUpRow>>;
    try {
      lookup = await lookUpRow(db, row, options);
    } catch (error) {
      // No address to look up (422): nothing is written, and the result says why.
      if (error instanceof ApiError) return skip(error.message);
      throw error;
    }
    return { ...(await writePrefill(db, id, row, lookup.jobs, new Date())) };
  };
}

/** A pre-fill's state as prefill-status answers it (docs/api.md Property data). */
export interface PrefillStatus {
  application_id: number;
  /** none: never queued; queued or running: under way; done; failed: the job gave up. */
  status: 'none' | 'queued' | 'running' | 'done' | 'failed';
  /** When the newest pre-fill was queued and when it finished (ISO), or null. */
  queued_at: string | null;
  finished_at: string | null;
  /** The marks standing in the current document (a field the agent edited has none). */
  marks: Record<string, FieldMark>;
  /** The newest finished pre-fill: its write's version, what it filled, kept and could not find. */
  result: Omit<PrefillResult, 'marks'> | null;
  error: string | null;
}

/**
 * The pre-fill state of application `applicationId` for a caller who may see it (404 otherwise):
 * the newest pre-fill job's status, and the marks of the newest finished one that the document
 * still holds.
 */
export async function prefillStatus(
  db: Executor,
  actor: Actor,
  applicationId: number,
): Promise<PrefillStatus> {
  const row = await loadOwned(db, actor, applicationId);
  const [latest, done] = await Promise.all([
    latestJobWithPayload(db, PREFILL_KIND, 'application_id', row.id),
    latestJobWithPayload(db, PREFILL_KIND, 'application_id', row.id, ['done']),
  ]);
  const finished = (done?.result ?? null) as PrefillResult | null;
  const { marks = {}, ...result } = finished ?? {};
  return {
    application_id: row.id,
    status: latest?.status ?? 'none',
    queued_at: latest ? latest.created_at.toISOString() : null,
    finished_at:
      latest && (latest.status === 'done' || latest.status === 'failed')
        ? latest.updated_at.toISOString()
        : null,
    marks: standingMarks(row.useable_details, marks),
    result: finished ? (result as Omit<PrefillResult, 'marks'>) : null,
    error: latest?.status === 'failed' ? latest.last_error : null,
  };
}

/**
 * Queues a pre-fill of an application the caller may see ("Fill from property data", a re-run):
 * 404 outside their scope, 409 when it is no longer a draft. Returns prefillStatus after queueing.
 */
export async function requestPrefill(
  db: Executor,
  actor: Actor,
  applicationId: number,
): Promise<PrefillStatus> {
  const row = await loadOwned(db, actor, applicationId);
  if (row.status !== 'new') throw new ApiError(409, ALREADY_LAUNCHED_MESSAGE);
  await enqueuePrefill(db, row, 'asked');
  return prefillStatus(db, actor, applicationId);
}
