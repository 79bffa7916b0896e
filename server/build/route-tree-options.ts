/**
 * Options of TanStack Router's Vite plugin for the portal's file routes (ADR 762): one file per
 * route under portal/routes/ (folders and files starting with `-` are not routes), the generated
 * tree in portal/routeTree.gen.ts (checked in, kept current by the plugin in `npm run dev` and
 * `npm run build`; tests/server/build/route-tree-generate.test.ts checks it), and automatic code
 * splitting: each route's component, error and not-found components load with the route.
 */
import { join, resolve } from 'node:path';
import type { tanstackRouter } from '@tanstack/router-plugin/vite';

/** The options `tanstackRouter()` takes. */
export type RouteTreeOptions = NonNullable<Parameters<typeof tanstackRouter>[0]>;

const PORTAL_DIR = resolve(import.meta.dirname, '../../portal');

/** Absolute path of the folder of route files. */
export const ROUTES_DIRECTORY = join(PORTAL_DIR, 'routes');

/** Absolute path of the generated route tree the router imports (portal/router.tsx). */
export const GENERATED_ROUTE_TREE = join(PORTAL_DIR, 'routeTree.gen.ts');

/**
 * The plugin's options, writing the tree to `generatedRouteTree` (absolute; the checked-in file
 * unless a check writes elsewhere) and its temporary files to `tmpDir` (absolute, on the same file
 * system: the generator renames them into place). Paths are absolute because Vite's root is
 * portal/ in the build and the repository in tests.
 */
export function routeTreeOptions(generatedRouteTree: string, tmpDir: string): RouteTreeOptions {
  return {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: ROUTES_DIRECTORY,
    generatedRouteTree,
    tmpDir,
    // The repository's own style (`.tsx` imports, single quotes, semicolons); biome skips the file.
    addExtensions: true,
    quoteStyle: 'single',
    semicolons: true,
    disableLogging: true,
  };
}
