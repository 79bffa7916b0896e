/**
 * Vitest global setup of the e2e project: builds the portal once per run into a temp folder and
 * provides its path as `portalDir` (the harness passes it to the server as PORTAL_DIR). One build
 * instead of one per file, and a run never pulls dist/portal from under another run's server.
 *
 * The build runs in a child process with NODE_ENV=production: Vitest sets NODE_ENV=test, and Vite
 * takes the NODE_ENV it finds, so a build inside this process was React's development build (718
 * KB first chunk against 480 KB), slower in every journey's renderer and not what `npm run build`
 * ships (ADR 775). VITEST stays set, so the route tree is written to this process's folder, not
 * over the checked-in one (vite.config.ts `fileRoutes`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    portalDir: string;
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** A warning only React's development build carries. */
const REACT_DEVELOPMENT_WARNING = 'Each child in a list should have a unique';

/**
 * Builds the portal as `npm run build` does (production mode) into `outDir`. Rejects with Vite's
 * output when the build fails, and when a chunk holds React's development build.
 */
async function buildProductionPortal(outDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(REPO_ROOT, 'vite.config.ts'),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
  const assets = join(outDir, 'assets');
  const development = readdirSync(assets).filter(
    (name) =>
      name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes(REACT_DEVELOPMENT_WARNING),
  );
  if (development.length > 0)
    throw new Error(`The e2e portal build holds React's development build: ${development.join(', ')}`);
}

export default async function buildPortal(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'portal-build-'));
  await buildProductionPortal(outDir);
  project.provide('portalDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
