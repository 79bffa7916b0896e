/**
 * Vitest global setup of the unit project: when TEST_DATABASE_URL is set, makes the run's seeded
 * PostgreSQL template once (seeded-postgres.ts, ADR 767), provides it as `seededPostgres` and drops
 * it and the copies its suites left after the run; provides null otherwise. Made again before
 * every watch-mode rerun, so it never holds an older migration or seed. The e2e project makes its
 * own, prepared as `npm start` prepares a new database (tests/e2e/seeded-data-dir.ts).
 */
import type { TestProject } from 'vitest/node';
import {
  dropTemplateAndCopies,
  makeSeededPostgres,
  type SeedDatabase,
  type SeededPostgres,
} from './seeded-postgres.ts';

/** The global setup that makes the run's template with `prepare` (migrate and seed unless told). */
export function seededPostgresTemplateOf(prepare?: SeedDatabase) {
  return async function seededPostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      project.provide('seededPostgres', null);
      return async () => {};
    }
    let made: SeededPostgres = await makeSeededPostgres(url, prepare);
    project.provide('seededPostgres', made);
    project.onTestsRerun(async () => {
      await dropTemplateAndCopies(url, made.template);
      made = await makeSeededPostgres(url, prepare);
      project.provide('seededPostgres', made);
    });
    return () => dropTemplateAndCopies(url, made.template);
  };
}

export default seededPostgresTemplateOf();
