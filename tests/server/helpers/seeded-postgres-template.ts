/**
 * Vitest global setup of the unit project: when TEST_DATABASE_URL is set, makes the run's seeded
 * PostgreSQL template once (seeded-postgres.ts, ADR 767), provides it as `seededPostgres` and drops
 * it and the copies its suites left after the run; provides null otherwise. Made again before every watch-mode rerun, so it never
 * holds an older migration or seed.
 */
import type { TestProject } from 'vitest/node';
import { dropTemplateAndCopies, makeSeededPostgres, type SeededPostgres } from './seeded-postgres.ts';

export default async function seededPostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('seededPostgres', null);
    return async () => {};
  }
  let made: SeededPostgres = await makeSeededPostgres(url);
  project.provide('seededPostgres', made);
  project.onTestsRerun(async () => {
    await dropTemplateAndCopies(url, made.template);
    made = await makeSeededPostgres(url);
    project.provide('seededPostgres', made);
  });
  return () => dropTemplateAndCopies(url, made.template);
}
