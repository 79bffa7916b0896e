/**
 * The server as one ES module for the suites that start it as a process (e2e journeys, fault
 * suites, the bulk bench): `server/start.ts` and every project module it imports, bundled by
 * esbuild with the packages left as imports. Plain Node starts it in about 1.7 s on a quiet
 * machine where tsx, which resolves and loads some 500 modules through its loader hooks, takes
 * about 2.6 s (docs/decisions/681-server-processes-start-from-a-bundle.md).
 *
 * Each module keeps its own `import.meta.dirname` and `import.meta.url` (they are written into the
 * bundle as the source file's), so paths the server resolves from its sources (schemas/, the
 * migrations, dist/portal, the schema check worker) are the same as under tsx.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the run's server bundle (serverBundleSetup). */
    serverBundle: string;
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const START_TS = join(REPO_ROOT, 'server/start.ts');
/**
 * Where bundles are built: inside the repository, so that the bundle's package imports resolve
 * from node_modules/ as the sources' do (from a folder in /tmp they would not).
 */
const BUNDLES_DIR = join(REPO_ROOT, 'node_modules/.cache/server-bundles');

/** Replaces `import.meta.dirname` and `import.meta.url` in every TypeScript source with its own. */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(bundler) {
    bundler.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      return {
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/** A built bundle: the file to run and how to delete it. */
export interface ServerBundle {
  path: string;
  remove(): void;
}

/**
 * Bundles server/start.ts into a folder of its own under BUNDLES_DIR (about 0.4 s). Rejects with
 * esbuild's errors when a source does not compile.
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  mkdirSync(BUNDLES_DIR, { recursive: true });
  const dir = mkdtempSync(join(BUNDLES_DIR, 'bundle-'));
  const path = join(dir, 'start.mjs');
  await build({
    entryPoints: [START_TS],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: path,
    logLevel: 'silent',
    plugins: [sourceLocations],
  });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Vitest global setup (e2e and faults projects): builds a bundle once per project and run,
 * provides its path as `serverBundle` (startServerProcess runs it), deletes it at the end.
 */
export default async function serverBundleSetup(project: TestProject): Promise<() => void> {
  const bundle = await buildServerBundle();
  project.provide('serverBundle', bundle.path);
  return bundle.remove;
}
