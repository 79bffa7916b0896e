/**
 * The two outside checks of the OpenAPI document (issue 21): @apidevtools/swagger-parser's
 * validation (OpenAPI 3.1 meta-schema and references) and Redocly CLI's `lint` with its
 * `recommended` rules. Redocly's CLI bundles its own openapi-core, so it runs as the pinned CLI
 * on a temporary file (`--format=json`). Used by `npm run api:check` and the OpenAPI suite.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';

const run = promisify(execFile);
const REDOCLY_CLI = resolve(import.meta.dirname, '../../../node_modules/@redocly/cli/bin/cli.js');

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  /** JSON pointer of the first location, e.g. `#/paths/~1api~1auth~1login/post`. */
  pointer: string;
}

/** Null when swagger-parser accepts the document, else its message. Never throws. */
export async function swaggerParserProblem(document: unknown): Promise<string | null> {
  try {
    // validate() dereferences in place: give it a copy.
    await SwaggerParser.validate(structuredClone(document) as never);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Redocly's recommended-rules problems of the document; throws when the CLI cannot run. */
export async function redoclyProblems(document: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const args = [REDOCLY_CLI, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'];
    // Exit code 1 means "errors found"; the JSON report is on stdout either way.
    const stdout = await run(process.execPath, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).then(
      (result) => result.stdout,
      (error: { stdout?: string }) => {
        if (!error.stdout) throw error;
        return error.stdout;
      },
    );
    const report = JSON.parse(stdout) as {
      problems: {
        ruleId: string;
        severity: 'error' | 'warn';
        message: string;
        location: { pointer: string }[];
      }[];
    };
    return report.problems.map((problem) => ({
      ruleId: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      pointer: problem.location[0]?.pointer ?? '',
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
