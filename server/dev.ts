/**
 * `npm run dev`: the API plus Vite's dev server in middleware mode (hot reload) on one port, so
 * the portal calls /api on its own origin as in production. Same database setup as start.ts.
 */
import { join, resolve } from 'node:path';
import { createServer as createViteServer } from 'vite';
import { buildApp } from './app.ts';
import { dataDirOf } from './db/command-database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_ACCOUNTS, EXTRA_DEMO_ACCOUNTS } from './db/seed-demo-data.ts';
import { seedDemoStart } from './db/seed-demo-start.ts';
import { settingsOrExit } from './settings/settings.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const settings = settingsOrExit();
const port = settings.PORT;
const databaseUrl = settings.DATABASE_URL;
const dataDir = dataDirOf(settings);
const password = settings.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;

const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await migrate(database.db);
await seedDemoStart(database.db, password);
// API only (portalDir null) and no CSP: Vite serves the pages and injects inline HMR scripts.
const app = await buildApp({
  db: database.db,
  logger: { level: 'info' },
  portalDir: null,
  contentSecurityPolicy: false,
});
const vite = await createViteServer({
  configFile: join(REPO_ROOT, 'vite.config.ts'),
  // HMR's websocket shares Fastify's HTTP server: one port for pages, API and hot reload.
  server: { middlewareMode: true, ws: { server: app.server } },
  appType: 'spa',
});
// Everything but /api goes to Vite's middleware stack (modules, HMR client, index.html fallback).
app.addHook('onRequest', async (request, reply) => {
  const path = request.url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/')) return;
  reply.hijack();
  vite.middlewares(request.raw, reply.raw, () => {
    reply.raw.statusCode = 404;
    reply.raw.end('Not found');
  });
});
app.addHook('onClose', async () => vite.close());
await app.listen({ port, host: '0.0.0.0' });
console.log(`\nDev server on http://localhost:${port} (API, portal and hot reload)`);
for (const account of [...DEMO_ACCOUNTS, ...EXTRA_DEMO_ACCOUNTS])
  console.log(`  ${account.email.padEnd(22)} ${account.role.padEnd(12)} password: ${password}`);

async function shutdown() {
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
