/**
 * A Vitest reporter that names, at the end of a run, every test that failed and then passed on its
 * retry (the browser journeys' `retry: 1`, docs/decisions/768-browser-journeys-retry-once-and-name-it.md):
 * such a test does not fail the run, and it is not hidden either.
 * Lines: `Passed only on a retry: <file> > <test's full name> (<n> tries)`.
 */
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/** Options: where the list is written (stdout by default; a test passes its own). */
export interface FlakyTestsReporterOptions {
  write?: (text: string) => void;
}

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
    this.flaky.push(`${file} > ${testCase.fullName} (${diagnostic.retryCount + 1} tries)`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    this.write(`\n${this.flaky.map((line) => `Passed only on a retry: ${line}`).join('\n')}\n`);
  }
}
