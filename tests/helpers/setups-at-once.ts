/**
 * One Vitest global setup made of several that run at once. Vitest runs a project's global setup
 * files one after another, before any test file; the e2e project's portal build, seeded data dir
 * and server bundle, or the unit project's seeded PGlite and PostgreSQL, do not depend on each
 * other, so each project lists one setup of this kind and the run's first test starts sooner.
 */
import type { TestProject } from 'vitest/node';

/** A global setup: prepares, provides, and returns its teardown. */
type GlobalSetup = (project: TestProject) => Promise<() => unknown> | (() => unknown);

/**
 * A global setup running `setups` at once; its teardown runs theirs, the last first. When one
 * fails, the teardowns of those that succeeded run and the first error is thrown.
 */
export function setupsAtOnce(
  ...setups: GlobalSetup[]
): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const settled = await Promise.allSettled(setups.map(async (setup) => setup(project)));
    const teardowns = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const teardown = async () => {
      for (const each of teardowns.reverse()) await each();
    };
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) {
      await teardown();
      throw failed.reason;
    }
    return teardown;
  };
}
