/**
 * The server as ES modules run by plain Node (issue 39, ADR 681): each entry and every project
 * module it imports, bundled by esbuild with the packages left as imports but BUNDLED_PACKAGES (they
 * resolve from the node_modules/ above the output folder, so the output folder must sit inside the
 * repository).
 * `npm run build` writes the production bundle to dist/server/; the suites that start server
 * processes bundle start.ts into a folder of their own (tests/helpers/server-bundle.ts).
 *
 * Paths the server resolves from its sources (schemas/, the migrations, dist/portal) stay right:
 * each module's `import.meta.dirname` and `import.meta.url` are rewritten relative to the bundle's
 * own, so the repository folder may move (a Docker image, a deploy directory) with its bundle.
 * Build time only: esbuild is a development dependency.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** The production bundle's entries: output name (without `.mjs`) -> source from the repository root. */
export const PRODUCTION_ENTRIES = {
  start: 'server/start.ts',
  // The schema check's worker thread (server/jobs/schema-set-check-worker.mjs runs it once tsx is pruned).
  'schema-set-check': 'server/jobs/schema-set-check.ts',
  'superadmin-create': 'server/superadmin-create-command.ts',
  'db-backup': 'server/db/backup-command.ts',
  'db-restore': 'server/db/restore-command.ts',
} as const;

/** Where `npm run build` writes the server bundle. */
export const PRODUCTION_BUNDLE_DIR = join(REPO_ROOT, 'dist/server');

/**
 * The packages bundled into the server rather than imported from node_modules/. Node resolves an
 * imported package module by module, and for each ES module it reads the package's package.json:
 * drizzle-orm's is 179 KB and the server loads over a hundred of its modules, about 0.3 s of every
 * start (ADR 778). Pure JavaScript that reads no file of its own.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];

/** The package a bare import names: `drizzle-orm/pg-core` -> `drizzle-orm`, `@scope/a/b` -> `@scope/a`. */
export function packageNameOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** Leaves every package import external (resolved from node_modules/ at run time) but `bundled`'s. */
function packagesExternalBut(bundled: readonly string[]): Plugin {
  return {
    name: 'packages-external-but',
    setup(bundler) {
      bundler.onResolve({ filter: /^[^./]/ }, ({ path }) =>
        bundled.includes(packageNameOf(path)) ? undefined : { path, external: true },
      );
    },
  };
}

/** A path relative to `from`, with forward slashes (a URL path). */
function relativeUrlPath(from: string, to: string): string {
  return relative(from, to).split('\\').join('/') || '.';
}

/** Rewrites `import.meta.dirname` and `import.meta.url` of every TypeScript source relative to `outdir`. */
function sourceLocations(outdir: string): Plugin {
  return {
    name: 'source-locations',
    setup(bundler) {
      bundler.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
        const text = await readFile(path, 'utf8');
        const dir = JSON.stringify(`/${relativeUrlPath(outdir, dirname(path))}`);
        const file = JSON.stringify(relativeUrlPath(outdir, path));
        return {
          contents: text
            .replaceAll('import.meta.dirname', `(import.meta.dirname + ${dir})`)
            .replaceAll('import.meta.url', `new URL(${file}, import.meta.url).href`),
          loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/**
 * Bundles `entries` (output name -> source path from the repository root) into `outdir`, one
 * `<name>.mjs` each plus shared chunks beside them. Rejects with esbuild's errors when a source
 * does not compile. About 0.5 s.
 */
export async function bundleServer(entries: Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints: Object.entries(entries).map(([out, source]) => ({ in: join(REPO_ROOT, source), out })),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [sourceLocations(outdir), packagesExternalBut(BUNDLED_PACKAGES)],
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    logLevel: 'silent',
  });
}
