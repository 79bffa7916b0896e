/**
 * What a publish would strand (issue 37, docs/decisions/691): values a draft withdraws from a
 * field's options that stored drafts (applications in status new, of any version) still hold and
 * that no new `remap` (or `drop`) of the draft moves. Each is a problem that refuses the publish,
 * named by the field. The draft's value mappings are checked by the lint (check-mappings.ts).
 */
import {
  fieldDefinitionPaths,
  type LintProblem,
  migrateCases,
  migrateValueMappings,
  migrationsBetween,
  type SchemaSet,
  unmovedWithdrawnOptions,
} from '../../engine/index.ts';
import type { Executor } from '../db/database.ts';
import { countDraftsHolding } from '../repositories/applications-repository.ts';
import { findSchemaVersion } from '../repositories/schema-versions-repository.ts';
import { currentSchemaVersion } from './schema-versions.ts';

/** The current published set (the version new applications get). */
async function currentSet(db: Executor): Promise<SchemaSet | undefined> {
  return (await findSchemaVersion(db, await currentSchemaVersion(db)))?.schema_set;
}

/**
 * `draft` with its value mappings and its cases' documents moved by the migrations it adds over
 * the current version (a remap written for stored documents moves the mappings and the cases of
 * the same version too).
 */
export async function withMovedMappings(db: Executor, draft: SchemaSet): Promise<SchemaSet> {
  const current = await currentSet(db);
  if (!current) return draft;
  const migrations = migrationsBetween(current, draft);
  return migrateCases(migrateValueMappings(draft, migrations), migrations);
}

/**
 * One problem (kind `value-in-use`, at the field) per field whose withdrawn values stored drafts
 * still hold without a remap: the values, how many drafts hold each and up to 5 of their ids.
 * Empty when the draft strands nothing (or the sets' schemas do not resolve: the lint says so).
 */
export async function strandedValueProblems(db: Executor, draft: SchemaSet): Promise<LintProblem[]> {
  const current = await currentSet(db);
  if (!current) return [];
  let withdrawn: ReturnType<typeof unmovedWithdrawnOptions>;
  try {
    withdrawn = unmovedWithdrawnOptions(current, draft);
  } catch {
    return [];
  }
  const problems: LintProblem[] = [];
  const paths = fieldDefinitionPaths(draft);
  for (const { field, gone } of withdrawn) {
    const held = await countDraftsHolding(
      db,
      field,
      gone.map((option) => option.value),
    );
    if (held.length === 0) continue;
    const words = held
      .map(
        ({ value, count, sample_ids }) =>
          `${JSON.stringify(value)} (${count} ${count === 1 ? 'application' : 'applications'}, e.g. ${sample_ids.join(', ')})`,
      )
      .join(', ');
    problems.push({
      path: paths.get(field) ?? [],
      kind: 'value-in-use',
      message: `"${field}" no longer offers ${words}, still held by applications in progress: add a remap step to move them to a value it offers`,
    });
  }
  return problems;
}
