/**
 * `npm start`: refuses to start when the schema lint finds a problem in schemas/ or the connection lint
 * one in carriers.json, builds the portal
 * when dist/portal (or PORTAL_DIR; `off`: API only) is missing, opens and migrates the database (PGlite in DATA_DIR, default ./data, or PostgreSQL at
 * DATABASE_URL, with the pools of DATABASE_POOL_API, _WORKERS and _LEASES), seeds an empty one,
 * starts the quote worker (QUOTE_WORKER_CONCURRENCY jobs at once, default 64) and listens on PORT (default 3000)
 * at 0.0.0.0. docs/running.md.
 */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { carriersFile } from '../carrier-catalog/carriers-file.ts';
import { lintSchemaSetDir } from '../engine/node/lint-schema-set-dir.ts';
import { buildApp, DEFAULT_PORTAL_DIR } from './app.ts';
import { openDatabase } from './db/open-database.ts';
import { poolSizesFromEnv } from './db/pool-sizes.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_ACCOUNTS, EXTRA_DEMO_ACCOUNTS } from './db/seed-demo-data.ts';
import { quoteWorkerConcurrencyOf } from './jobs/quote-worker.ts';
import { lintConnections } from './quoting/http/lint-connections.ts';
import { quoteBacklogAgeLimitFromEnv } from './quoting/quote-backlog.ts';
import { tuneV8ForRequests } from './v8-tuning.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');

// Nothing of a request outlives it (docs/decisions/688-no-allocation-site-pretenuring.md).
tuneV8ForRequests();

// A schema set that contradicts itself must not serve a single form (issue 10, schema lint).
const schemaProblems = lintSchemaSetDir(join(REPO_ROOT, 'schemas'));
if (schemaProblems.length > 0) {
  console.error(`schemas/ has ${schemaProblems.length} problem(s) (npm run schemas:lint); not starting:`);
  for (const line of schemaProblems) console.error(`  schemas/${line}`);
  process.exit(1);
}

// A carrier connection whose mappings do not hold must not quote (issue 19, ADR 360).
const connectionProblems = lintConnections(carriersFile);
if (connectionProblems.length > 0) {
  console.error(`carriers.json has ${connectionProblems.length} connection problem(s); not starting:`);
  for (const line of connectionProblems) console.error(`  ${line}`);
  process.exit(1);
}

// PORTAL_DIR serves a portal built elsewhere (the e2e suites build one per run into a temp folder);
// `off` serves the API alone and builds nothing (the fault suites start many processes).
const portalDir =
  process.env.PORTAL_DIR === 'off'
    ? null
    : process.env.PORTAL_DIR
      ? resolve(process.env.PORTAL_DIR)
      : DEFAULT_PORTAL_DIR;
if (portalDir && !existsSync(join(portalDir, 'index.html'))) {
  console.log(`Building the portal (${portalDir} is missing)...`);
  // Imported here only: loading Vite costs most of a second of every start.
  const { build } = await import('vite');
  await build({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: portalDir },
  });
}

const port = Number(process.env.PORT ?? 3000);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data'));
const password = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;

const database = await openDatabase(
  databaseUrl ? { databaseUrl, poolSizes: poolSizesFromEnv() } : { dataDir },
);
const { schemaVersion, seed } = await prepareDatabase(database.db, password);
const app = await buildApp({
  db: database.db,
  workerDb: database.workerDb,
  leaseDb: database.leaseDb,
  quoteBacklogAgeLimitMs: quoteBacklogAgeLimitFromEnv(),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  portalDir,
  worker: { concurrency: quoteWorkerConcurrencyOf(process.env.QUOTE_WORKER_CONCURRENCY) },
});
await app.listen({ port, host: '0.0.0.0' });

console.log(
  `\nMGA agent portal on http://localhost:${port} (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`}; schemas/ is schema set version ${schemaVersion})`,
);
console.log(seed.seeded ? 'Seeded demo data. Demo accounts:' : 'Demo accounts (if still present):');
for (const account of [...DEMO_ACCOUNTS, ...EXTRA_DEMO_ACCOUNTS])
  console.log(`  ${account.email.padEnd(22)} ${account.role.padEnd(12)} password: ${password}`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
