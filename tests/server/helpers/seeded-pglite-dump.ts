/**
 * Vitest global setup of the unit and faults projects: makes the run's seeded PGlite
 * (seeded-pglite.ts) once for both (shared-run-preparation.ts), writes its dump to a temp folder
 * removed after the run and provides the file and the seed result as `seededPglite` (ADR 610).
 * Made again before every watch-mode rerun, so it never holds an older migration or seed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedPreparation } from '../../helpers/shared-run-preparation.ts';
import { makeSeededPglite, type SeededPgliteFile } from './seeded-pglite.ts';

/** A new temp folder holding the dump; the provided value. */
async function writeSeededPglite(): Promise<SeededPgliteFile> {
  const { dump, seed } = await makeSeededPglite();
  const dumpFile = join(mkdtempSync(join(tmpdir(), 'seeded-pglite-')), 'data-dir.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return { dumpFile, seed };
}

const removeFolderOf = (made: SeededPgliteFile) =>
  rmSync(join(made.dumpFile, '..'), { recursive: true, force: true });

export default async function seededPgliteDump(project: TestProject): Promise<() => void> {
  const shared = await sharedPreparation('seeded-pglite-dump', writeSeededPglite, removeFolderOf);
  let release = shared.release;
  project.provide('seededPglite', shared.made);
  project.onTestsRerun(async () => {
    release();
    // Each project makes its own again: the shared one may still be another project's.
    const made = await writeSeededPglite();
    release = () => removeFolderOf(made);
    project.provide('seededPglite', made);
  });
  return () => release();
}
