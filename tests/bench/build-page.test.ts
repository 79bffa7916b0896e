/**
 * The browser benchmarks' builds (tests/bench/build-page.ts) leave the process's NODE_ENV as it was:
 * the benchmarks after them start server processes with this environment, and Vite's build sets
 * NODE_ENV to `production` when it is unset, where a server refuses to start without PUBLIC_BASE_URL.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPage } from './build-page.ts';

const HELLO_PAGE = join(import.meta.dirname, 'hello-page');

describe('buildPage', () => {
  const vitestNodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = vitestNodeEnv;
  });

  it('builds the page with a manifest and leaves an unset NODE_ENV unset', async () => {
    delete process.env.NODE_ENV;
    const built = await buildPage({ root: HELLO_PAGE });
    try {
      expect(process.env.NODE_ENV).toBeUndefined();
      expect(Object.values(built.manifest).some((chunk) => chunk.isEntry)).toBe(true);
    } finally {
      rmSync(built.outDir, { recursive: true, force: true });
    }
  }, 60_000);
});
