/**
 * Vitest global setup of the e2e project: builds the portal once per run into a temp folder and
 * provides its path as `portalDir` (the harness passes it to the server as PORTAL_DIR). One build
 * instead of one per file, and a run never pulls dist/portal from under another run's server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    portalDir: string;
  }
}

export default async function buildPortal(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'portal-build-'));
  await build({
    configFile: resolve(import.meta.dirname, '../../vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  project.provide('portalDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
