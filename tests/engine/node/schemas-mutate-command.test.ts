/**
 * `npm run schemas:mutate` (issue 37) on the shipped set: the score is printed and reaches 95%, every
 * surviving mutant would be printed as file#/pointer; a copy whose cases are cut back scores lower,
 * lists its survivors and exits 1. About 3 s of CPU per run (mutants reuse the set's field
 * validators; ADR 698).
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
  it('prints a score of at least 95% on the shipped set', async () => {
    const { code, stdout } = await run([]);
    const score = Number(/mutation score ([\d.]+)%/.exec(stdout)?.[1]);
    expect(score).toBeGreaterThanOrEqual(95);
    expect(code).toBe(0);
  });

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
