/**
 * The migrated and seeded database every PGlite server suite starts from (ADR 610): an in-memory
 * PGlite on which `migrate` and `seedDemoData` ran, dumped as a tar of its data dir. `startTestApp`
 * loads it into a new in-memory PGlite per call, so each suite still has a database of its own, as
 * migrated and seeded as before, without initdb, the migrations and the seed each time. Under
 * Vitest the dump is the run's, made once by the global setup (seeded-pglite-dump.ts) from the tree
 * as the run finds it; outside Vitest (the benches) it is made once per process.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import type { Executor } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import * as schema from '../../../server/db/schema.ts';
import { type SeedResult, seedDemoData } from '../../../server/db/seed-demo-data.ts';

/** The dump (a tar of the data dir, uncompressed) and what `seedDemoData` returned on it. */
export interface SeededPglite {
  dump: Blob;
  seed: SeedResult;
}

/** What the global setup provides: the dump's file and the seed result. */
export interface SeededPgliteFile {
  dumpFile: string;
  seed: SeedResult;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededPglite: SeededPgliteFile;
  }
}

/** Migrates and seeds a new in-memory PGlite and dumps it; throws the database error of a failing step. */
export async function makeSeededPglite(): Promise<SeededPglite> {
  const client = new PGlite();
  try {
    const db = drizzle(client, { schema }) as unknown as Executor;
    await migrate(db);
    const seed = await seedDemoData(db);
    return { dump: await client.dumpDataDir('none'), seed };
  } finally {
    await client.close();
  }
}

/**
 * A Blob whose arrayBuffer() answers the one buffer it holds, without a copy. PGlite reads a
 * `loadDataDir` dump only through arrayBuffer() (and copies each file out of it into its own file
 * system), so every suite's load shares the run's dump bytes. Node's Blob copies them again at
 * every read, in 64 KiB chunks joined at the end: about 0.4 of the 1.4 CPU-s a 43 MB load took.
 */
class SharedBytesBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

let loaded: Promise<SeededPglite> | null = null;

/** The seeded PGlite to start from: the run's dump under Vitest, else one made in this process. */
export function seededPglite(): Promise<SeededPglite> {
  loaded ??= (async () => {
    const provided = process.env.VITEST ? inject('seededPglite') : undefined;
    const { dump, seed } = provided
      ? { dump: new Blob([await readFile(provided.dumpFile)]), seed: provided.seed }
      : await makeSeededPglite();
    return { dump: new SharedBytesBlob(await dump.arrayBuffer()), seed };
  })();
  return loaded;
}
