/**
 * Replays a draft over what it would judge (issue 37 "Impact before publish"): the saved test
 * documents and the example documents (against the current version), and the stored applications
 * of the given statuses (each against the version it names), adding the changes up in an impact
 * report. Reads applications a range of ids at a time, grouped by identical document, and replays
 * each distinct document once; yields to the event loop every few milliseconds so requests are
 * answered meanwhile. docs/decisions/705-impact-before-publish.md.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  type CompiledSchemaSet,
  type Migration,
  migrationsBetween,
  type RuleContext,
} from '../../engine/index.ts';
import { exampleContexts, examples } from '../../schemas/schema-set.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationStatus } from '../db/schema.ts';
import {
  applicationDocuments,
  applicationGroups,
  replayRange,
} from '../repositories/impact-replay-repository.ts';
import { listSchemaTestDocuments } from '../repositories/schema-test-documents-repository.ts';
import { findSchemaVersion } from '../repositories/schema-versions-repository.ts';
import { type DocumentChanges, replayDocument } from './impact-replay.ts';
import { type ImpactReport, ImpactTally } from './impact-report.ts';
import { compiledSchemaSetOf, currentSchemaVersion } from './schema-versions.ts';

/** The statuses of in-progress applications (the ones a publish can still break). */
export const IN_PROGRESS: ApplicationStatus[] = ['new'];
/** Application ids read per query. */
export const REPLAY_PAGE_IDS = 50_000;
/** Longest run of replaying without yielding to the event loop, in ms. */
const SLICE_MS = 10;
/** Distinct documents whose changes are remembered across pages before the memory is cleared. */
const REMEMBERED_DOCUMENTS = 50_000;

/** How far a replay is: applications replayed of those it will replay. */
export interface ReplayProgress {
  applications_checked: number;
  applications_total: number;
}

export interface ReplayOptions {
  /** Statuses of the applications replayed; default IN_PROGRESS. */
  statuses?: ApplicationStatus[];
  /** Stops the replay (throws the signal's reason) when aborted. */
  signal?: AbortSignal;
  /** Called after each range of ids. */
  onProgress?: (progress: ReplayProgress) => Promise<void> | void;
}

/** How many applications a replay with `statuses` reads. */
export async function applicationsToReplay(db: Executor, statuses = IN_PROGRESS): Promise<number> {
  return (await replayRange(db, statuses)).total;
}

/**
 * The impact report of version `version` (a stored draft, or any stored version). Throws Error when
 * the version is not stored, and the signal's reason when aborted.
 */
export async function replayImpact(
  db: Executor,
  version: number,
  options: ReplayOptions = {},
): Promise<ImpactReport> {
  const draftRow = await findSchemaVersion(db, version);
  if (!draftRow) throw new Error(`schema version ${version} is not stored`);
  const draft = await compiledSchemaSetOf(db, version);
  const bases = new Map<number, Promise<{ compiled: CompiledSchemaSet; migrations: Migration[] }>>();
  const baseOf = (base: number) => {
    let found = bases.get(base);
    if (!found) {
      found = (async () => {
        const row = await findSchemaVersion(db, base);
        const compiled = await compiledSchemaSetOf(db, base);
        return { compiled, migrations: row ? migrationsBetween(row.schema_set, draftRow.schema_set) : [] };
      })();
      bases.set(base, found);
    }
    return found;
  };
  const tally = new ImpactTally();

  // Saved test documents and examples, against the version applications are made under today.
  const current = await baseOf(await currentSchemaVersion(db));
  const testDocuments = [
    ...(await listSchemaTestDocuments(db)).map((row) => ({
      name: row.name,
      doc: row.document,
      ctx: row.context as RuleContext,
    })),
    ...Object.entries(examples).map(([name, doc]) => ({
      name: `example ${name}`,
      doc,
      ctx: exampleContexts[name as keyof typeof examples],
    })),
  ];
  for (const { name, doc, ctx } of testDocuments) {
    tally.add(replayDocument(current.compiled, draft, current.migrations, doc, ctx), { testDocument: name });
  }

  const statuses = options.statuses ?? IN_PROGRESS;
  const { total, minId, maxId } = await replayRange(db, statuses);
  const remembered = new Map<string, DocumentChanges>();
  let sliceStarted = performance.now();
  await options.onProgress?.({ applications_checked: 0, applications_total: total });
  for (let after = minId - 1; total > 0 && after < maxId; after += REPLAY_PAGE_IDS) {
    options.signal?.throwIfAborted();
    const groups = await applicationGroups(db, statuses, after, after + REPLAY_PAGE_IDS);
    const keyOf = (g: (typeof groups)[number]) =>
      `${g.hash}\u0000${g.schema_version}\u0000${g.product}\u0000${g.application_type}\u0000${g.status}`;
    if (remembered.size + groups.length > REMEMBERED_DOCUMENTS) remembered.clear();
    const unknown = groups.filter((group) => !remembered.has(keyOf(group)));
    const documents = await applicationDocuments(db, [
      ...new Set(unknown.map((group) => group.sample_ids[0])),
    ]);
    for (const group of groups) {
      const key = keyOf(group);
      let changes = remembered.get(key);
      if (!changes) {
        const base = await baseOf(group.schema_version);
        const ctx: RuleContext = {
          product: group.product,
          application_type: group.application_type,
          status: group.status,
        };
        changes = replayDocument(
          base.compiled,
          draft,
          base.migrations,
          documents.get(group.sample_ids[0]) ?? {},
          ctx,
        );
        remembered.set(key, changes);
        if (performance.now() - sliceStarted > SLICE_MS) {
          await yieldToLoop();
          sliceStarted = performance.now();
        }
      }
      tally.add(changes, { count: group.count, sampleIds: group.sample_ids });
    }
    await options.onProgress?.({
      applications_checked: tally.applicationsChecked,
      applications_total: total,
    });
  }
  return tally.report(version);
}
