/**
 * `npm run schemas:mutate` (issue 37) on the shipped set: the score is printed and reaches 95%, and
 * a held-out sample of 10 mutants written into copies of the set is killed at 90% or more by
 * `schemas:test --dir` (about 1.5 s of CPU per copy); every surviving mutant would be printed as
 * file#/pointer; a copy whose cases are cut back scores lower, lists its survivors and exits 1. About
 * 3 s of CPU per scoring run (mutants reuse the set's field validators; ADR 698).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const COMMAND = join(ROOT, 'engine/node/schemas-mutate-command.ts');
const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', COMMAND, ...args], { cwd: ROOT }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
const copy = mkdtempSync(join(tmpdir(), 'schemas-mutate-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run schemas:mutate', () => {
  it('prints a score of at least 95% on the shipped set, and schemas:test kills 90% of a held-out sample', async () => {
    const { code, stdout } = await run(['--held-out', '10']);
    const score = Number(/mutation score ([\d.]+)%/.exec(stdout)?.[1]);
    expect(score).toBeGreaterThanOrEqual(95);
    const heldOut = /held-out sample: (\d+) of (\d+) mutants killed/.exec(stdout);
    expect(Number(heldOut?.[2])).toBe(10);
    expect(Number(heldOut?.[1])).toBeGreaterThanOrEqual(9);
    expect(code).toBe(0);
  }, 120_000);

  it('lists each survivor as file#/pointer and exits 1 below --min', async () => {
    cpSync(join(ROOT, 'schemas'), copy, { recursive: true });
    const file = join(copy, 'cases/cross-rules.json');
    const cases = JSON.parse(readFileSync(file, 'utf8'));
    cases.cases = cases.cases.filter(
      (kase: { id: string }) => !kase.id.startsWith('replacement-cost-minimum'),
    );
    writeFileSync(file, JSON.stringify(cases));
    const { code, stdout } = await run(['--dir', copy, '--min', '99']);
    expect(stdout).toContain('rules/cross-rules.json#/0/params/amount/*/1/if/2: 125 → 126 [survived]');
    expect(Number(/mutation score ([\d.]+)%/.exec(stdout)?.[1])).toBeLessThan(99);
    expect(code).toBe(1);
  });
});
