/**
 * A Vitest reporter that names, at the end of a run, every test that failed and then passed on its
 * retry (the browser journeys' `retry: 1`, docs/decisions/768-browser-journeys-retry-once-and-name-it.md):
 * such a test does not fail the run, and it is not hidden either.
 * Lines: `Passed only on a retry: <file> > <test's full name> (<n> tries)`, each followed by what the
 * failed tries threw (`  try failed: <first line of the message>`, at most FAILURE_CHARS), since
 * Vitest prints no failure of a test that passed in the end.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/** Options: where the list is written (stdout by default; a test passes its own). */
export interface FlakyTestsReporterOptions {
  write?: (text: string) => void;
}

/** The most of a failed try's message a line shows, in characters. */
export const FAILURE_CHARS = 300;

export default class FlakyTestsReporter implements Reporter {
  private readonly flaky: string[] = [];
  private readonly write: (text: string) => void;

  constructor({ write = (text) => process.stdout.write(text) }: FlakyTestsReporterOptions = {}) {
    this.write = write;
  }

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const file = relative(process.cwd(), testCase.module.moduleId);
    const failures = (testCase.result().errors ?? []).map(
      (error) => `\n  try failed: ${(error.message ?? String(error)).split('\n')[0].slice(0, FAILURE_CHARS)}`,
    );
    this.flaky.push(
      `${file} > ${testCase.fullName} (${diagnostic.retryCount + 1} tries)${failures.join('')}`,
    );
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    this.write(`\n${this.flaky.map((line) => `Passed only on a retry: ${line}`).join('\n')}\n`);
  }
}
