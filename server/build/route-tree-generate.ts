/**
 * Generates the portal's route tree from portal/routes/ with the generator the router plugin runs
 * (ADR 762), either onto the checked-in portal/routeTree.gen.ts or in memory, to check it.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import { GENERATED_ROUTE_TREE, ROUTES_DIRECTORY, routeTreeOptions } from './route-tree-options.ts';

const CACHE_DIR = join(import.meta.dirname, '../../node_modules/.cache/tanstack-router');

/** Where the generator reads route files and writes the tree (absolute paths). */
export interface RouteTreeFiles {
  routesDirectory: string;
  generatedRouteTree: string;
}

const PORTAL_FILES: RouteTreeFiles = {
  routesDirectory: ROUTES_DIRECTORY,
  generatedRouteTree: GENERATED_ROUTE_TREE,
};

function generatorFor(
  files: RouteTreeFiles,
  fs?: ConstructorParameters<typeof Generator>[0]['fs'],
): Generator {
  const config = getConfig({ ...routeTreeOptions(files.generatedRouteTree, CACHE_DIR), ...files });
  return new Generator({ config, root: files.routesDirectory, fs });
}

/** Writes portal/routeTree.gen.ts (and fixes a route file's `createFileRoute` path) when stale. */
export async function writeRouteTree(): Promise<void> {
  await generatorFor(PORTAL_FILES).run();
}

/**
 * The files the generator would write, absolute path -> content, without writing any: empty when
 * the tree is current and every route file names its own path (`createFileRoute('/...')`).
 * Defaults to the portal's routes and its checked-in tree.
 */
export async function routeTreeChanges(files: RouteTreeFiles = PORTAL_FILES): Promise<Map<string, string>> {
  const pending = new Map<string, string>();
  const written = new Map<string, string>();
  await generatorFor(files, {
    // A file written here only has the owner and mode of any new file.
    stat: async (path) => {
      const real = await stat(pending.has(path) || written.has(path) ? tmpdir() : path, { bigint: true });
      return { mtimeMs: real.mtimeMs, mode: Number(real.mode), uid: Number(real.uid), gid: Number(real.gid) };
    },
    readFile: async (path) => {
      if (!existsSync(path)) return 'file-not-existing';
      return { stat: await stat(path, { bigint: true }), fileContent: await readFile(path, 'utf8') };
    },
    writeFile: async (path, content) => void pending.set(path, content),
    rename: async (from, to) => {
      written.set(to, pending.get(from) ?? '');
      pending.delete(from);
    },
    chmod: async () => undefined,
    chown: async () => undefined,
  }).run();
  return written;
}
