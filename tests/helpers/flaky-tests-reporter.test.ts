/**
 * The flaky-tests reporter (ADR 768): a test that passed only on its retry is named at the end of
 * the run; a test that passed at once, or failed every try, is not on that list.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import FlakyTestsReporter from './flaky-tests-reporter.ts';

function testCase(fullName: string, diagnostic: { flaky: boolean; retryCount: number } | undefined) {
  return {
    fullName,
    module: { moduleId: `${process.cwd()}/tests/e2e/main-job.test.ts` },
    diagnostic: () => diagnostic,
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

  it('writes nothing when every test passed on its first try', () => {
    const written: string[] = [];
    const reporter = new FlakyTestsReporter({ write: (text) => written.push(text) });
    reporter.onTestCaseResult(testCase('a journey', { flaky: false, retryCount: 0 }));
    reporter.onTestRunEnd();
    expect(written).toEqual([]);
  });
});
