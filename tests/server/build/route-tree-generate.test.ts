/**
 * portal/routeTree.gen.ts, generated from the route files under portal/routes/ and checked in
 * (ADR 762), is current: the router plugin's generator, run in memory, would write nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { routeTreeChanges } from '../../../server/build/route-tree-generate.ts';

const REPO_ROOT = join(import.meta.dirname, '../../..');
const scratchDirs: string[] = [];
afterEach(() => {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the generated route tree', () => {
  it('is current with portal/routes/ (npm run routes:generate, dev or build writes it)', async () => {
    const changes = await routeTreeChanges();
    expect([...changes.keys()].map((path) => relative(REPO_ROOT, path))).toEqual([]);
  });

  it('is reported stale when a route file is added and not generated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-tree-fixture-'));
    scratchDirs.push(dir);
    const routesDirectory = join(dir, 'routes');
    const generatedRouteTree = join(dir, 'routeTree.gen.ts');
    mkdirSync(routesDirectory);
    writeFileSync(
      join(routesDirectory, '__root.tsx'),
      "import { createRootRoute } from '@tanstack/react-router';\nexport const Route = createRootRoute();\n",
    );
    writeFileSync(
      join(routesDirectory, 'index.tsx'),
      "import { createFileRoute } from '@tanstack/react-router';\nexport const Route = createFileRoute('/')({});\n",
    );
    const first = await routeTreeChanges({ routesDirectory, generatedRouteTree });
    expect([...first.keys()]).toEqual([generatedRouteTree]);
    writeFileSync(generatedRouteTree, first.get(generatedRouteTree) ?? '');
    expect((await routeTreeChanges({ routesDirectory, generatedRouteTree })).size).toBe(0);

    writeFileSync(
      join(routesDirectory, 'blank.tsx'),
      "import { createFileRoute } from '@tanstack/react-router';\nexport const Route = createFileRoute('/blank')({});\n",
    );
    const stale = await routeTreeChanges({ routesDirectory, generatedRouteTree });
    expect([...stale.keys()]).toEqual([generatedRouteTree]);
    expect(stale.get(generatedRouteTree)).toContain("'./routes/blank.tsx'");
  });
});
