/**
 * The order test files start in (ADR 420): Vitest's own order (longest or largest first within a
 * project), with the browser journeys spread evenly among the other files. Vitest runs projects in
 * name order, so with two files at once every journey would run beside another journey (a server
 * and Chromium each, on 2 cores) while the unit and dom files waited for their turn; spread, a
 * journey mostly runs beside server suites and dom tests. The fault suites, which run in the same
 * two-at-once group but never two at once (ADR 741, tests/faults/fault-file-lock.ts), are spread
 * among the journeys first, so two of them are some 60 files apart and the lock is seldom waited
 * on, and none of them is left for the run's tail.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project whose files each start a server and a browser (vite.config.ts). */
const BROWSER_PROJECT = 'e2e';
/** The project whose files kill and restart server processes, one file at a time (vite.config.ts). */
const FAULTS_PROJECT = 'faults';

/**
 * `others` with one of `browser` before every `ceil(others / browser)` of them, in the order given;
 * a pure function of its inputs (tests/helpers/spread-browser-files.test.ts).
 */
export function spreadAmong<T>(browser: T[], others: T[]): T[] {
  if (browser.length === 0) return others;
  const between = Math.ceil(others.length / browser.length);
  const spread: T[] = [];
  browser.forEach((file, index) => {
    spread.push(file, ...others.slice(index * between, (index + 1) * between));
  });
  return spread;
}

/** Vitest's sequencer with the fault suites spread among the journeys, and both among the other files. */
export default class SpreadBrowserFilesSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const of = (name: string) => sorted.filter((file) => file.project.name === name);
    return spreadAmong(
      spreadAmong(of(FAULTS_PROJECT), of(BROWSER_PROJECT)),
      sorted.filter((file) => file.project.name !== BROWSER_PROJECT && file.project.name !== FAULTS_PROJECT),
    );
  }
}
