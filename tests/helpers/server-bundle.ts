/**
 * The server as one ES module for the suites that start it as a process (e2e journeys, fault
 * suites, the bulk bench): `server/start.ts` bundled by server/build/bundle-server.ts, as
 * `npm run build` bundles it for production. Plain Node starts it in about 1.7 s on a quiet
 * machine where tsx, which resolves and loads some 500 modules through its loader hooks, takes
 * about 2.6 s (docs/decisions/681-server-processes-start-from-a-bundle.md).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../server/build/bundle-server.ts';
import { sharedPreparation } from './shared-run-preparation.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the run's server bundle (serverBundleSetup). */
    serverBundle: string;
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');
/**
 * Where bundles are built: inside the repository, so that the bundle's package imports resolve
 * from node_modules/ as the sources' do (from a folder in /tmp they would not).
 */
const BUNDLES_DIR = join(REPO_ROOT, 'node_modules/.cache/server-bundles');

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
  await bundleServer({ start: 'server/start.ts' }, dir);
  const path = join(dir, 'start.mjs');
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Vitest global setup (e2e and faults projects): builds a bundle once per run, shared by both
 * projects (shared-run-preparation.ts), provides its path as `serverBundle` (startServerProcess
 * runs it), deletes it at the end.
 */
export default async function serverBundleSetup(project: TestProject): Promise<() => void> {
  const bundle = await sharedPreparation('server-bundle', buildServerBundle, (built) => built.remove());
  project.provide('serverBundle', bundle.made.path);
  return bundle.release;
}
