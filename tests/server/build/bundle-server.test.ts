/**
 * The server bundle (server/build/bundle-server.ts, ADR 778): drizzle-orm is compiled into it, so
 * Node resolves none of its modules at start; every other package stays an import from
 * node_modules/. The processes the suites start from it share Node's code cache in its folder
 * (tests/helpers/server-process.ts, ADR 783).
 */
import { readdirSync, readFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageNameOf } from '../../../server/build/bundle-server.ts';
import { buildServerBundle, type ServerBundle } from '../../helpers/server-bundle.ts';
import { startServerProcess } from '../../helpers/server-process.ts';

/** The bare package names the bundle's modules import (`from "x"`, `import("x")`), sorted. */
function importedPackages(bundle: ServerBundle): string[] {
  const dir = join(bundle.path, '..');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.mjs'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import\()\s*"([^"./][^"]*)"/g)) {
      if (specifier && !specifier.startsWith('node:')) names.add(packageNameOf(specifier));
    }
  }
  return [...names].sort();
}

describe('the server bundle', () => {
  let bundle: ServerBundle;
  beforeAll(async () => {
    bundle = await buildServerBundle();
  });
  afterAll(() => bundle?.remove());

  it('holds drizzle-orm and imports the other packages from node_modules', () => {
    const packages = importedPackages(bundle);
    expect(packages).not.toContain('drizzle-orm');
    expect(packages).toEqual(expect.arrayContaining(['fastify', 'pg', '@electric-sql/pglite', 'ajv']));
  });

  // Node 22.1 and later keep a compile cache (NODE_COMPILE_CACHE); CI runs Node 24.
  it.runIf('enableCompileCache' in nodeModule)(
    "leaves Node's code cache of its modules in its folder for the run's next start",
    async () => {
      // A wrong setting stops the process once every module is loaded, before any database opens.
      await expect(startServerProcess({ LOG_LEVEL: 'loud' }, { bundle: bundle.path })).rejects.toThrow(
        /server exited with 1:\n.*LOG_LEVEL=loud is not valid/s,
      );
      const cache = join(bundle.path, '..', 'compile-cache');
      const entries = readdirSync(cache).flatMap((version) => readdirSync(join(cache, version)));
      // The bundle and the packages it imports (fastify, pg, PGlite, Ajv...): hundreds of modules.
      expect(entries.length).toBeGreaterThan(100);
    },
  );
});
