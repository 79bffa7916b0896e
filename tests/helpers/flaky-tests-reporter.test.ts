/**
 * The flaky-tests reporter (ADR 768): a test that passed only on its retry is named at the end of
 * the run; a test that passed at once, or failed every try, is not on that list.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import FlakyTestsReporter, { FAILURE_CHARS } from './flaky-tests-reporter.ts';

function testCase(
  fullName: string,
  diagnostic: { flaky: boolean; retryCount: number } | undefined,
  errors: { message: string }[] = [],
) {
  return {
    fullName,
    module: { moduleId: `${process.cwd()}/tests/e2e/main-job.test.ts` },
    diagnostic: () => diagnostic,
    result: () => ({ state: 'passed', errors }),
  } as unknown as TestCase;
}

describe('FlakyTestsReporter', () => {
  it('names each test that passed only on a retry, after the run', () => {
    const written: string[] = [];
    const reporter = new FlakyTestsReporter({ write: (text) => written.push(text) });
    reporter.onTestCaseResult(
      testCase('the main job > with the keyboard alone', { flaky: true, retryCount: 1 }),
    );
    reporter.onTestCaseResult(testCase('the main job > on a phone', { flaky: false, retryCount: 0 }));
    reporter.onTestCaseResult(testCase('the main job > failed both tries', { flaky: false, retryCount: 1 }));
    reporter.onTestCaseResult(testCase('the main job > skipped', undefined));
    expect(written).toEqual([]);
    reporter.onTestRunEnd();
    expect(written.join('')).toBe(
      '\nPassed only on a retry: tests/e2e/main-job.test.ts > the main job > with the keyboard alone (2 tries)\n',
    );
  });

  it('gives the first line of what each failed try threw, cut to FAILURE_CHARS', () => {
    const written: string[] = [];
    const reporter = new FlakyTestsReporter({ write: (text) => written.push(text) });
    reporter.onTestCaseResult(
      testCase('the main job > launches', { flaky: true, retryCount: 1 }, [
        {
          message:
            'locator.waitFor: Timeout 10000ms exceeded.\nCall log:\n  - waiting for "All changes saved"',
        },
      ]),
    );
    reporter.onTestCaseResult(
      testCase('the main job > long', { flaky: true, retryCount: 2 }, [
        { message: 'x'.repeat(FAILURE_CHARS + 50) },
        { message: 'second' },
      ]),
    );
    reporter.onTestRunEnd();
    expect(written.join('').split('\n')).toEqual([
      '',
      'Passed only on a retry: tests/e2e/main-job.test.ts > the main job > launches (2 tries)',
      '  try failed: locator.waitFor: Timeout 10000ms exceeded.',
      'Passed only on a retry: tests/e2e/main-job.test.ts > the main job > long (3 tries)',
      `  try failed: ${'x'.repeat(FAILURE_CHARS)}`,
      '  try failed: second',
      '',
    ]);
  });

  it('writes nothing when every test passed on its first try', () => {
    const written: string[] = [];
    const reporter = new FlakyTestsReporter({ write: (text) => written.push(text) });
    reporter.onTestCaseResult(testCase('a journey', { flaky: false, retryCount: 0 }));
    reporter.onTestRunEnd();
    expect(written).toEqual([]);
  });
});
