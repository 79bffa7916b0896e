/**
 * One config for the portal build (Vite) and every test tier (Vitest projects):
 * unit (pure engine, schemas, server on PGlite/PostgreSQL), dom (React pieces under jsdom),
 * e2e (real Chromium against a started server) and faults (crash, carrier-fault and abuse suites
 * that start real server processes; `npm run test:faults`).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { fieldValidators } from './engine/node/field-validators-plugin.ts';
import { mantineUseIdWithoutMountEffect } from './engine/node/mantine-use-id-plugin.ts';
import { schemaSet } from './schemas/schema-set.ts';
import { GENERATED_ROUTE_TREE, routeTreeOptions } from './server/build/route-tree-options.ts';
import { DOM_FILES_WITH_MODULE_MOCKS, DOM_TEST_FOLDERS } from './tests/helpers/dom-module-mocks.ts';
import SpreadBrowserFilesSequencer from './tests/helpers/spread-browser-files.ts';

/**
 * Test files run at once: at least three, so that on a 2-core machine the files' waits (a server
 * process, Chromium, PostgreSQL, a paced load, a lease running out) overlap other files' work;
 * Vitest's own default there is one. With two the cores were busy 72% of a run, with three 85%
 * and the run 8% shorter (ADR 776). Every file has its own database (a PGlite data dir or a
 * PostgreSQL schema), server port and browser, so files do not share state. The fault suites run
 * in the same group, each beside other files, but never two at once: they time crashes (a lock,
 * tests/faults/fault-file-lock.ts; ADR 741).
 */
const TEST_FILES_AT_ONCE = Math.max(3, availableParallelism() - 1);

/**
 * The global setup of every project that runs servers: after the run's last file, any issued key
 * or token found in any server log of the run fails it (tests/helpers/issued-secrets-check.ts, ADR 755).
 */
const ISSUED_SECRETS_CHECK = 'tests/helpers/issued-secrets-check.ts';

/** What the two dom projects share: jsdom, its setup file and limits, React's dependencies inlined. */
const DOM_PROJECT = {
  root: '.',
  environment: 'jsdom',
  setupFiles: ['tests/portal/setup-dom.ts'],
  server: { deps: { inline: ['@rjsf/mantine'] } },
  testTimeout: 30_000,
};
/** The dom projects' test files (tests/helpers/dom-module-mocks.ts splits them). */
const DOM_TEST_FILES = DOM_TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`);

/**
 * The build's id, compiled into the portal (`__BUILD_ID__`) and written to `build-meta.json` beside
 * it: the build metadata manifest the running portal polls for a newer build (SPEC §7, §9;
 * portal/lib/new-build-check.ts). `dev` in the dev server and tests, where there is no manifest.
 */
const BUILD_ID = process.env.VITEST ? 'dev' : `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`;

/** Emits build-meta.json `{id, built_at}` with the build. */
function buildMetaManifest(): Plugin {
  return {
    name: 'build-meta-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-meta.json',
        source: `${JSON.stringify({ id: BUILD_ID, built_at: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * The file routes' plugin (ADR 762): generates portal/routeTree.gen.ts from portal/routes/ and
 * splits each route's components into chunks of their own. `npm run dev` and `npm run build` keep
 * the checked-in tree current. Under Vitest (the dom tests, and the e2e project's build) it writes
 * the tree it needs for splitting to a folder of this process instead, so a test run never rewrites
 * the checked-in file and tests/server/build/route-tree-generate.test.ts can tell when it is stale.
 */
function fileRoutes(): Plugin[] {
  const cacheDir = join(import.meta.dirname, 'node_modules/.cache/tanstack-router');
  if (!process.env.VITEST)
    return tanstackRouter(routeTreeOptions(GENERATED_ROUTE_TREE, cacheDir)) as Plugin[];
  const processDir = join(cacheDir, String(process.pid));
  process.once('exit', () => rmSync(processDir, { recursive: true, force: true }));
  return tanstackRouter({
    ...routeTreeOptions(join(processDir, 'routeTree.gen.ts'), processDir),
    // No hot-reload hooks in test modules.
    codeSplittingOptions: { addHmr: false },
  }) as Plugin[];
}

export default defineConfig({
  root: 'portal',
  publicDir: false,
  plugins: [
    // Before react(): the router plugin splits route files before JSX is compiled.
    ...fileRoutes(),
    react(),
    buildMetaManifest(),
    fieldValidators(schemaSet),
    mantineUseIdWithoutMountEffect(),
  ],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    outDir: '../dist/portal',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Every module the first page needs (statically imported from the entry) in one chunk, which
    // the lazy routes import from: split into the common chunks Rolldown makes by default, the
    // first page was 39 files, each gzipped alone, 10 KiB more than one (ADR 540).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-page', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  test: {
    root: '.',
    maxWorkers: TEST_FILES_AT_ONCE,
    // The default output, then the tests that passed only on a retry (ADR 768).
    reporters: ['default', './tests/helpers/flaky-tests-reporter.ts'],
    // Each browser journey starts beside server suites and dom tests rather than another journey.
    sequence: { sequencer: SpreadBrowserFilesSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          environment: 'node',
          // One module cache per worker, not per file: each file imported the whole server again
          // (import time 63 s of 14 files' 118 s; ADR 767). Files share no state but what they
          // restore: each starts its own app and database, and env or timer changes are undone.
          isolate: false,
          include: ['tests/{engine,schemas,server,carriers,bench,helpers,docs}/**/*.test.ts'],
          globalSetup: ['tests/server/helpers/unit-global-setup.ts', ISSUED_SECRETS_CHECK],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...DOM_PROJECT,
          name: 'dom',
          // One module graph per worker, not per file: each file imported React, Mantine, RJSF and
          // the portal afresh, about half the project's CPU (ADR 775). Files restore what they set.
          isolate: false,
          include: DOM_TEST_FILES,
          exclude: DOM_FILES_WITH_MODULE_MOCKS,
        },
      },
      {
        extends: true,
        test: {
          ...DOM_PROJECT,
          // Files that replace a module with vi.mock, each in a graph of its own (ADR 775).
          name: 'dom-module-mocks',
          include: DOM_FILES_WITH_MODULE_MOCKS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          environment: 'node',
          // One module graph per worker, not per file, as in the unit and dom projects: each journey
          // imported playwright-core, the harness and the schema set afresh, about 2 s of CPU a file
          // (ADR 791). Journeys share no state but append-only files; each starts its own server and browser.
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/e2e-global-setup.ts', ISSUED_SECRETS_CHECK],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits on the page as a locator does; Vitest's 1 s default gave up while a
          // loaded machine was still answering (the studio's impact report, a sign-in).
          expect: { poll: { timeout: 15_000 } },
          // A browser journey that fails runs once more; one that passes only then is named at the
          // end of the run (ADR 768). Twice failed is failed.
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          root: '.',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: ['tests/faults/faults-global-setup.ts', ISSUED_SECRETS_CHECK],
          // One fault file at a time, beside the other projects' files rather than in a group of
          // its own after them (ADR 741; `fileParallelism: false` made that group).
          setupFiles: ['tests/faults/one-fault-file-at-a-time.ts'],
          testTimeout: 600_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
