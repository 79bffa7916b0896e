/**
 * Vite builds for the browser benchmarks: the portal with its own vite.config.ts, or a small page
 * (an `index.html` + entry under `root`) with the React plugin, `virtual:field-validators` and the portal's Mantine `useId`, into a fresh temp folder with a
 * manifest. The caller removes `outDir` when done.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { fieldValidators } from '../../engine/node/field-validators-plugin.ts';
import { mantineUseIdWithoutMountEffect } from '../../engine/node/mantine-use-id-plugin.ts';
import { schemaSet } from '../../schemas/schema-set.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** One chunk of `.vite/manifest.json`, keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface BuiltPage {
  outDir: string;
  manifest: Record<string, ManifestChunk>;
  buildMs: number;
}

/**
 * Builds the portal (`page` = 'portal') or the page whose index.html is in `page` (a folder),
 * minified for production. Build errors reject. The process's NODE_ENV is left as it was: Vite's
 * build sets it to `production` when unset, and the benchmarks that run after a browser benchmark
 * start server processes with this environment (a production server refuses to start without
 * PUBLIC_BASE_URL, which failed `quote-drain` and `bulk` in a whole `npm run bench`).
 */
export async function buildPage(page: 'portal' | { root: string }): Promise<BuiltPage> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-build-'));
  const started = performance.now();
  const nodeEnv = process.env.NODE_ENV;
  await build(
    page === 'portal'
      ? {
          configFile: join(REPO_ROOT, 'vite.config.ts'),
          logLevel: 'warn',
          build: { outDir, emptyOutDir: true, manifest: true },
        }
      : {
          configFile: false,
          root: page.root,
          publicDir: false,
          plugins: [react(), fieldValidators(schemaSet), mantineUseIdWithoutMountEffect()],
          logLevel: 'warn',
          build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 5000 },
        },
  ).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });
  const buildMs = performance.now() - started;
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  return { outDir, manifest, buildMs };
}

/**
 * The files the browser fetches before the page's first render: the `index.html` entry chunk, the
 * chunks it imports statically (transitively, i.e. what `<link rel=modulepreload>` lists) and
 * their CSS. Lazy routes (dynamic imports) are left out. Paths relative to `outDir`.
 */
export function initialAssets(manifest: Record<string, ManifestChunk>): { js: string[]; css: string[] } {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.file.endsWith('.js'));
  if (!entry) throw new Error('The Vite manifest has no entry chunk');
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  return { js: [...js], css: [...css] };
}
