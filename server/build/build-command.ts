/**
 * `npm run build` (issue 39): the portal into dist/portal (Vite, vite.config.ts) and the server
 * with its commands into dist/server (esbuild, bundle-server.ts), so that `NODE_ENV=production
 * npm start` runs plain Node after `npm prune --omit=dev`. docs/deploying.md.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { bundleServer, PRODUCTION_BUNDLE_DIR, PRODUCTION_ENTRIES } from './bundle-server.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

await build({ configFile: join(REPO_ROOT, 'vite.config.ts'), logLevel: 'warn' });
rmSync(PRODUCTION_BUNDLE_DIR, { recursive: true, force: true });
await bundleServer(PRODUCTION_ENTRIES, PRODUCTION_BUNDLE_DIR);
console.log('Built dist/portal and dist/server.');
