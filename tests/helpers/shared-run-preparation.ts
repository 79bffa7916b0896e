/**
 * A preparation the global setups of several projects need, made once per run and shared: the
 * seeded PGlite dump (unit and faults) and the server bundle (e2e and faults). Vitest loads each
 * project's global setup files through that project's own module runner, so a module-level value
 * is made once per project; `globalThis` is one per run (one process), as issued-secrets-check.ts
 * counts its projects there. The first setup to ask makes the preparation, the others wait for the
 * same one, and the last to release it removes it.
 */

/** Where the run's shared preparations live on `globalThis`. */
const PREPARATIONS = Symbol.for('shared-run-preparations');

interface Shared {
  made: Promise<unknown>;
  users: number;
}

/** A shared preparation in hand: its value, and `release` (once; the last release removes it). */
export interface HeldPreparation<T> {
  made: T;
  release(): void;
}

/**
 * The run's preparation `key`, made by `make` when no project holds it yet, removed by `remove`
 * when the last holder releases it. Rejects with `make`'s error.
 */
export async function sharedPreparation<T>(
  key: string,
  make: () => Promise<T>,
  remove: (made: T) => void,
): Promise<HeldPreparation<T>> {
  const run = globalThis as unknown as Record<symbol, Map<string, Shared> | undefined>;
  run[PREPARATIONS] ??= new Map();
  const all = run[PREPARATIONS];
  let shared = all.get(key);
  if (!shared) {
    shared = { made: make(), users: 0 };
    all.set(key, shared);
  }
  shared.users += 1;
  const held = shared;
  const made = (await held.made) as T;
  let released = false;
  return {
    made,
    release() {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      all.delete(key);
      remove(made);
    },
  };
}
