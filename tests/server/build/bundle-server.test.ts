/**
 * The server bundle (server/build/bundle-server.ts, ADR 778): drizzle-orm is compiled into it, so
 * Node resolves none of its modules at start; every other package stays an import from
 * node_modules/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageNameOf } from '../../../server/build/bundle-server.ts';
import { buildServerBundle, type ServerBundle } from '../../helpers/server-bundle.ts';

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
});
