/**
 * The README's command list as tests (issue 45): every `npm run` command of its "Other commands"
 * table is run here with its documented effect, the generators in a copy of the repository, or is
 * named in ELSEWHERE with the test that runs it instead and why not here (a server that keeps
 * running, a whole suite, or a fresh database migrated in a process of its own, tens of seconds).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'readme-commands-'));
/** A copy of the repository's tracked files, node_modules linked, for the commands that write files. */
const copy = join(scratch, 'repo');

/** The commands of README.md's "Other commands" table (`npm run <name>`), in its order. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Other commands'),
    readme.indexOf('\n## ', readme.indexOf('## Other commands') + 1),
  );
  const names = [...section.matchAll(/`npm run ([a-z0-9:-]+)/g)].map((match) => match[1]);
  return [...new Set(names)];
}

/** `npm run <name> [-- args]` in `cwd`: exit status and output. */
function npm(cwd: string, name: string, args: string[] = []): { status: number | null; out: string } {
  const result = spawnSync('npm', ['run', '--silent', name, ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8');

beforeAll(() => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), readFileSync(join(REPO, file)));
  }
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The commands run here, each with its documented effect checked. */
const RUN: Record<string, () => void> = {
  'schemas:test': () => {
    const run = npm(REPO, 'schemas:test');
    expect(run.status, run.out).toBe(0);
    expect(run.out).toMatch(/shown firing and not, every case holds \(\d+ items, \d+ documents, \d+ cases/);
  },
  'docs:config': () => {
    writeFileSync(join(copy, 'docs/configuration.md'), 'stale\n');
    expect(npm(copy, 'docs:config').status).toBe(0);
    expect(read(copy, 'docs/configuration.md')).toBe(read(REPO, 'docs/configuration.md'));
  },
  'docs:decisions': () => {
    writeFileSync(
      join(copy, 'docs/decisions/999-a-record-the-index-gains.md'),
      '# 999: A record the index gains\n\nDate: 2026-11-29\nStatus: accepted\nArea: Portal\n\nBody.\n',
    );
    const run = npm(copy, 'docs:decisions');
    expect(run.status, run.out).toBe(0);
    expect(read(copy, 'docs/decisions/README.md')).toContain('A record the index gains');
  },
  'routes:generate': () => {
    writeFileSync(join(copy, 'portal/routeTree.gen.ts'), '');
    const run = npm(copy, 'routes:generate');
    expect(run.out).toContain('portal/routeTree.gen.ts is current.');
    expect(read(copy, 'portal/routeTree.gen.ts')).toBe(read(REPO, 'portal/routeTree.gen.ts'));
  },
};

/** The commands not run here: the test that runs them (or why none can), and why not here. */
const ELSEWHERE: Record<string, string> = {
  'schemas:lint': 'tests/engine/node/read-schema-set-dir.test.ts runs it on schemas/ and on a broken copy',
  'schemas:mutate': 'tests/engine/node/schemas-mutate-command.test.ts runs it (~30 s)',
  dev: 'a server and a Vite dev server that keep running until stopped; no test starts them',
  check: 'runs every test, this one included; CI runs it (.ci/run)',
  'test:e2e': 'a whole suite (tests/e2e)',
  'test:faults': 'a whole suite (tests/faults)',
  build: 'minutes; tests/faults/production-path.test.ts builds and runs the bundle',
  'superadmin:create': 'a fresh database per process; tests/faults/production-path.test.ts runs it',
  'db:backup': 'tests/faults/production-path.test.ts runs it; tests/server/db/backup.test.ts its module',
  'db:restore': 'tests/faults/production-path.test.ts runs it; tests/server/db/backup.test.ts its module',
  'schemas:export':
    'migrates a fresh database per process (~10 s); tests/server/services/schema-set-folder.test.ts runs its functions',
  'schemas:import':
    'migrates a fresh database per process (~10 s); tests/server/services/schema-set-folder.test.ts runs its functions',
  'api:check':
    'builds a second app (~30 s); tests/server/openapi/openapi-document.test.ts makes the same swagger-parser and Redocly checks',
  'api:types':
    'builds a second app (~30 s); tests/server/openapi/openapi-document.test.ts fails when the types are stale',
  'throttle:test': 'needs a running server; tests/server/throttle-test.test.ts runs its function against one',
  bench: 'minutes of measuring; docs/performance.md records its runs',
};

describe("the README's commands", () => {
  it('runs every command of the list, or names where it runs', () => {
    const commands = readmeCommands();
    expect(commands.length).toBeGreaterThan(15);
    expect(commands.filter((name) => !(name in RUN) && !(name in ELSEWHERE))).toEqual([]);
    expect(
      [...Object.keys(RUN), ...Object.keys(ELSEWHERE)].filter((name) => !commands.includes(name)),
    ).toEqual([]);
  });

  it.each(Object.keys(RUN))('npm run %s does what the README says', (name) => RUN[name]());
});
