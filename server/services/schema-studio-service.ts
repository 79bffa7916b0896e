/**
 * The schema studio's calls (issue 11): the versions with who made them and what changed, any
 * version with its difference from another, drafts, publish after the lint and rule harness pass
 * (in a worker thread), rollback, and the saved test documents of the rule test bench. Super-admins change; admins look; others get 403 (SPEC §6).
 */

import {
  diffSchemaSets,
  type LintProblem,
  lintPathLabel,
  type SchemaSet,
  type SchemaSetChange,
} from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import type { SchemaTestDocumentRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  deleteSchemaTestDocument,
  listSchemaTestDocuments,
  upsertSchemaTestDocument,
} from '../repositories/schema-test-documents-repository.ts';
import { recordSchemaVersionEvent } from '../repositories/schema-version-events-repository.ts';
import {
  findSchemaVersion,
  listSchemaVersions,
  publishedVersionsBetween,
  setSchemaVersionStatus,
} from '../repositories/schema-versions-repository.ts';
import { requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import { checkSchemaSet } from './check-schema-set.ts';
import { requireApproval } from './schema-approvals.ts';
import { requireAcceptedImpact } from './schema-impact-service.ts';
import {
  currentSchemaVersion,
  publishSchemaSet,
  SCHEMA_VERSION_NOT_FOUND_MESSAGE,
  saveDraftSchemaSet,
} from './schema-versions.ts';
import { strandedValueProblems, withMovedMappings } from './stranded-values.ts';

/** Publish refused: the first problem's words; `data.problems` lists them all. */
export const PUBLISH_REFUSED_MESSAGE = 'The schema set has problems; fix them before publishing.';
/** Publish of a version that is not a draft. */
export const NOT_A_DRAFT_MESSAGE = 'Only a draft can be published.';

async function versionOrNotFound(db: Executor, version: number) {
  const row = await findSchemaVersion(db, version);
  if (!row) throw new ApiError(404, SCHEMA_VERSION_NOT_FOUND_MESSAGE);
  return row;
}

/** Every version (number, status, note, author, times), newest first, and the current one. */
export async function listVersions(db: Executor, actor: Actor) {
  requireRole(actor, ['super-admin', 'admin']);
  const current = await currentSchemaVersion(db);
  const versions = await listSchemaVersions(db);
  return {
    current,
    versions: versions.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      published_at: row.published_at?.toISOString() ?? null,
    })),
  };
}

/** One version with its set and what changed from `compareTo` (default: the published version before it). */
export async function getVersion(db: Executor, actor: Actor, version: number, compareTo?: number) {
  requireRole(actor, ['super-admin', 'admin']);
  const row = await versionOrNotFound(db, version);
  // By default against the published version before it (a published draft's own row is archived).
  const base = compareTo ?? (await publishedVersionsBetween(db, 0, version - 1)).at(-1)?.version ?? 0;
  const previous = base >= 1 ? await findSchemaVersion(db, base) : undefined;
  const changes: SchemaSetChange[] = previous ? diffSchemaSets(previous.schema_set, row.schema_set) : [];
  return {
    version: row.version,
    status: row.status,
    note: row.note,
    schema_set: row.schema_set,
    compared_to: previous?.version ?? null,
    changes,
  };
}

/** A problem with `where`: its path in words, list items named by their id (lintPathLabel). */
export type LocatedProblem = LintProblem & { where: string };

/**
 * The lint and harness problems of `set`, and the values it withdraws that stored drafts still
 * hold without a remap (stranded-values.ts), each with where it is in words.
 */
async function locatedProblems(db: Executor, set: SchemaSet): Promise<LocatedProblem[]> {
  const [checked, stranded] = await Promise.all([checkSchemaSet(set), strandedValueProblems(db, set)]);
  return [...checked, ...stranded].map((problem) => ({
    ...problem,
    where: lintPathLabel(set, problem.path),
  }));
}

/**
 * Stores a draft (super-admin), its value mappings moved by its new remaps, and answers its number
 * with the problems it has now. `sent` is the set as the studio sent it, its top-level keys checked
 * by the route's schema: a draft is stored as sent, problems and all, so its parts are read as the
 * SchemaSet they claim to be and the lint and harness report what does not hold (a publish
 * refuses a draft with any).
 */
export async function saveDraft(
  db: Executor,
  actor: Actor,
  sent: Record<string, unknown>,
  note: string,
): Promise<{ version: number; problems: LocatedProblem[] }> {
  requireRole(actor, ['super-admin']);
  const moved = await withMovedMappings(db, sent as unknown as SchemaSet);
  const problems = await locatedProblems(db, moved);
  return { version: await saveDraftSchemaSet(db, moved, note, actor.userId), problems };
}

/**
 * Publishes a draft as the newest version (super-admin), its value mappings moved by its new
 * remaps, once the lint and the rule harness find nothing and it strands no value stored drafts
 * hold (issue 37): 422 PUBLISH_REFUSED_MESSAGE with `data.problems` (each with its counter-example
 * or the field and values) otherwise; 409 when four eyes are on and no other super-admin approved
 * it (schema-approvals.ts), or when it changes stored applications and `acceptImpact` is not true
 * (schema-impact-service.ts, with `data.impact`). Nothing changes on a refusal. The draft is
 * archived and the publish recorded in one transaction; new applications use the new version at
 * once, in every process.
 */
export async function publishDraft(db: Executor, actor: Actor, version: number, acceptImpact = false) {
  requireRole(actor, ['super-admin']);
  const row = await versionOrNotFound(db, version);
  if (row.status !== 'draft') throw new ApiError(409, NOT_A_DRAFT_MESSAGE);
  const set = await withMovedMappings(db, row.schema_set);
  const problems = await locatedProblems(db, set);
  if (problems.length > 0) throw new ApiError(422, PUBLISH_REFUSED_MESSAGE, null, { problems });
  await requireApproval(db, version, row.author_user_id);
  const impact = await requireAcceptedImpact(db, version, acceptImpact);
  const published = await db.transaction(async (tx) => {
    const stored = await publishSchemaSet(
      tx,
      set,
      row.note || `Published draft ${version}`,
      actor.userId,
      'current',
    );
    await setSchemaVersionStatus(tx, version, 'archived');
    await recordSchemaVersionEvent(tx, {
      version,
      action: 'publish',
      userId: actor.userId,
      publishedVersion: stored,
      acceptedImpact: acceptImpact && impact.changes_stored_applications,
    });
    return stored;
  });
  return { version: published };
}

/** Publishes an earlier published version's content again as the newest (super-admin); recorded with who and when. */
export async function rollBack(db: Executor, actor: Actor, version: number) {
  requireRole(actor, ['super-admin']);
  const row = await versionOrNotFound(db, version);
  if (row.status === 'draft') throw new ApiError(409, 'A draft cannot be rolled back to; publish it.');
  const published = await db.transaction(async (tx) => {
    const stored = await publishSchemaSet(
      tx,
      row.schema_set,
      `Rollback to version ${version}`,
      actor.userId,
      'current',
    );
    await recordSchemaVersionEvent(tx, {
      version,
      action: 'roll-back',
      userId: actor.userId,
      publishedVersion: stored,
    });
    return stored;
  });
  return { version: published };
}

/** Delete of a test document that is not stored. */
export const TEST_DOCUMENT_NOT_FOUND_MESSAGE = 'No such test document.';

/** A saved test document as the studio shows it. */
function testDocumentView(row: SchemaTestDocumentRow) {
  return {
    id: row.id,
    name: row.name,
    context: row.context,
    document: row.document,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The saved test documents, by name (admins and super-admins). */
export async function listTestDocuments(db: Executor, actor: Actor) {
  requireRole(actor, ['super-admin', 'admin']);
  return { test_documents: (await listSchemaTestDocuments(db)).map(testDocumentView) };
}

/** Saves a test document under its name, replacing one of that name (super-admin). */
export async function saveTestDocument(
  db: Executor,
  actor: Actor,
  input: { name: string; context: Record<string, string>; document: Record<string, unknown> },
) {
  requireRole(actor, ['super-admin']);
  const row = await upsertSchemaTestDocument(db, {
    ...input,
    name: input.name.trim(),
    authorUserId: actor.userId,
  });
  return { test_document: testDocumentView(row) };
}

/** Deletes a saved test document (super-admin); 404 TEST_DOCUMENT_NOT_FOUND_MESSAGE when it is not stored. */
export async function deleteTestDocument(db: Executor, actor: Actor, id: number) {
  requireRole(actor, ['super-admin']);
  if (!(await deleteSchemaTestDocument(db, id))) throw new ApiError(404, TEST_DOCUMENT_NOT_FOUND_MESSAGE);
  return { id };
}
