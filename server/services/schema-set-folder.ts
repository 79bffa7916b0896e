/**
 * A stored schema set version as a folder laid out like schemas/, and back (issue 11 export and
 * import; issue 45: the whole folder). `npm run schemas:export` and `schemas:import` are these two
 * functions over the database `npm start` uses (server/schemas-version-command.ts).
 * docs/decisions/765-schema-versions-carry-their-examples.md.
 */
import { lintSchemaSetDir } from '../../engine/node/lint-schema-set-dir.ts';
import { readSchemaSetDir } from '../../engine/node/read-schema-set-dir.ts';
import { formatWithBiome, writeSchemaSetDir } from '../../engine/node/write-schema-set-dir.ts';
import type { Executor } from '../db/database.ts';
import { findSchemaVersion } from '../repositories/schema-versions-repository.ts';
import { OUTCOME_TABLE_FOLDER } from '../schemas-layout.ts';
import { completeSchemaSet, saveDraftSchemaSet, syncFileSchemaSet } from './schema-versions.ts';

/**
 * Writes version `version` into `dir` (created when missing) as schemas/ lays it out, formatted as
 * the project formats schemas/: every JSON Schema, form, case, outcome table, mapping, rule file,
 * the manifest with the examples' contexts, the examples and the data files (a version stored
 * without examples gets schemas/'s, completeSchemaSet). The export of the files' own version equals
 * schemas/ byte for byte, schemas/schema-set.ts aside. Returns the version's status and the files
 * written (relative to `dir`); undefined when the version is not stored.
 */
export async function exportSchemaVersion(
  db: Executor,
  version: number,
  dir: string,
): Promise<{ status: string; files: string[] } | undefined> {
  let row = await findSchemaVersion(db, version);
  if (!row) {
    // A database `npm start` never opened holds no version yet: the files' is stored first, as at start.
    await syncFileSchemaSet(db);
    row = await findSchemaVersion(db, version);
  }
  if (!row) return undefined;
  const files = writeSchemaSetDir(completeSchemaSet(row.schema_set), dir, {
    outcomeTableFolder: OUTCOME_TABLE_FOLDER,
  });
  formatWithBiome(dir);
  return { status: row.status, files };
}

/**
 * Stores the folder `dir` (laid out like schemas/) as a new draft version once its lint, cases
 * included, finds nothing: `{version}`, or `{problems}` (one line each, `file#/pointer: what [kind]`)
 * and nothing stored. An unreadable folder is a problem naming the file.
 */
export async function importSchemaSetFolder(
  db: Executor,
  dir: string,
  note: string,
): Promise<{ version: number } | { problems: string[] }> {
  const problems = lintSchemaSetDir(dir);
  if (problems.length > 0) return { problems };
  return { version: await saveDraftSchemaSet(db, readSchemaSetDir(dir).set, note) };
}
