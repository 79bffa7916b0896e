/**
 * `npm run schemas:mutate [-- --dir DIR] [--min 95] [--held-out N]`: mutates the rules of `schemas/`
 * (or DIR) one node at a time (engine/mutate), runs the set's cases against each mutant, prints each
 * surviving mutant as `file#/json/pointer: mutation [survived]`, then the mutation score; exits 1
 * when the score is below `--min` percent (default 95). With `--held-out N` it also draws N mutants
 * of the held-out group (seeded, so repeatable), writes each into a copy of DIR and runs
 * `npm run schemas:test -- --dir COPY` on it, printing how many that command kills. Issue 37.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { caseBases } from '../cases/run-cases.ts';
import { ruleMutants } from '../mutate/rule-mutants.ts';
import { runMutation } from '../mutate/run-mutation.ts';
import { readSchemaSetDir } from './read-schema-set-dir.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'schemas' },
    min: { type: 'string', default: '95' },
    'held-out': { type: 'string', default: '0' },
  },
});
const dir = resolve(values.dir);
const started = performance.now();
const read = readSchemaSetDir(dir);
const report = runMutation(read.set, caseBases(read.set.examples ?? {}, read.set.example_contexts ?? {}));
for (const mutant of report.mutants.filter((m) => m.status === 'survived'))
  console.log(`${read.locate(mutant.path)}: ${mutant.mutation} [survived]`);
const percent = report.score * 100;
console.log(
  `mutation score ${percent.toFixed(1)}%: ${report.killed} of ${report.killed + report.survived} mutants killed by the cases, ${report.survived} survived, ${report.equivalent} listed as equivalent (${Math.round(performance.now() - started)} ms)`,
);

const heldOut = Number(values['held-out']);
if (heldOut > 0) {
  const pool = ruleMutants(read.set).filter((mutant) => mutant.group === 'held-out');
  const sample = seededSample(pool, heldOut);
  const command = fileURLToPath(new URL('./schemas-test-command.ts', import.meta.url));
  let killed = 0;
  for (const mutant of sample) {
    const copy = mkdtempSync(join(tmpdir(), 'schemas-mutant-'));
    try {
      cpSync(dir, copy, { recursive: true });
      const where = read.locate(mutant.path);
      writeAt(copy, where, mutant.replacement);
      const failed = await promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        command,
        '--dir',
        copy,
      ]).then(
        () => false,
        () => true,
      );
      if (failed) killed++;
      else console.log(`${where}: ${mutant.mutation} [held-out, survived schemas:test]`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  console.log(
    `held-out sample: ${killed} of ${sample.length} mutants killed by schemas:test --dir (${((killed / Math.max(sample.length, 1)) * 100).toFixed(1)}%)`,
  );
}
if (percent < Number(values.min)) process.exit(1);

/** `count` items of `pool` drawn without repeats by a fixed linear congruential sequence (seed 37). */
function seededSample<T>(pool: T[], count: number): T[] {
  const left = [...pool];
  const drawn: T[] = [];
  let state = 37;
  while (drawn.length < count && left.length > 0) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    drawn.push(left.splice(state % left.length, 1)[0]);
  }
  return drawn;
}

/** Writes `value` at `file#/pointer` (a location readSchemaSetDir's `locate` gives) inside `root`. */
function writeAt(root: string, location: string, value: unknown): void {
  const [file, pointer] = location.split('#');
  const path = join(root, file);
  const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (parts.length === 0) {
    writeFileSync(path, JSON.stringify(value));
    return;
  }
  let node = json as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
  writeFileSync(path, JSON.stringify(json));
}
