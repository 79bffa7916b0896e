/**
 * `npm start`: refuses to start on a wrong setting (docs/configuration.md), when the schema lint
 * finds a problem in schemas/ or the connection lint one in carriers.json; builds the portal when
 * dist/portal (or PORTAL_DIR; `off`: API only) is missing (production refuses instead), opens and
 * migrates the database (PGlite in DATA_DIR, default ./data, or PostgreSQL at DATABASE_URL), seeds
 * an empty one with the demo outside production, starts the quote worker
 * (QUOTE_WORKER_CONCURRENCY jobs at once; PostgreSQL pools of DATABASE_POOL_API, _WORKERS and
 * _LEASES) and listens on PORT at 0.0.0.0. docs/running.md.
 */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { carriersFile } from '../carrier-catalog/carriers-file.ts';
import { lintSchemaSetDir } from '../engine/node/lint-schema-set-dir.ts';
import { buildApp, DEFAULT_PORTAL_DIR } from './app.ts';
import { dataDirOf } from './db/command-database.ts';
import { startControlSocket } from './db/control-socket.ts';
import { openDatabase } from './db/open-database.ts';
import { poolSizesOf } from './db/pool-sizes.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_ACCOUNTS, EXTRA_DEMO_ACCOUNTS } from './db/seed-demo-data.ts';
import { listeningLine } from './listening-line.ts';
import { checkCarrierCatalogue } from './quoting/check-carrier-catalogue.ts';
import { createSuperAdmin } from './services/super-admin.ts';
import { settingsOrExit } from './settings/settings.ts';
import { tuneV8ForRequests } from './v8-tuning.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');

// A wrong or missing setting stops the start with one line naming it (docs/configuration.md).
const settings = settingsOrExit();

// Nothing of a request outlives it (docs/decisions/688-no-allocation-site-pretenuring.md).
tuneV8ForRequests();

// A schema set that contradicts itself must not serve a single form (issue 10, schema lint).
const schemaProblems = lintSchemaSetDir(join(REPO_ROOT, 'schemas'));
if (schemaProblems.length > 0) {
  console.error(`schemas/ has ${schemaProblems.length} problem(s) (npm run schemas:lint); not starting:`);
  for (const line of schemaProblems) console.error(`  schemas/${line}`);
  process.exit(1);
}

// carriers.json seeds the first catalogue version: it passes the checks of a publish (ADR 360, 772).
const carrierProblems = checkCarrierCatalogue(carriersFile);
if (carrierProblems.length > 0) {
  console.error(`carriers.json has ${carrierProblems.length} problem(s); not starting:`);
  for (const problem of carrierProblems) console.error(`  ${problem.path}: ${problem.message}`);
  process.exit(1);
}

// PORTAL_DIR serves a portal built elsewhere (the e2e suites build one per run into a temp folder);
// `off` serves the API alone and builds nothing (the fault suites start many processes).
const portalDir =
  settings.PORTAL_DIR === 'off'
    ? null
    : settings.PORTAL_DIR
      ? resolve(settings.PORTAL_DIR)
      : DEFAULT_PORTAL_DIR;
const production = settings.NODE_ENV === 'production';
if (portalDir && !existsSync(join(portalDir, 'index.html')) && production) {
  // Production runs what `npm run build` made; Vite is a development dependency.
  console.error(`Configuration error: ${portalDir} has no built portal (npm run build, or PORTAL_DIR=off).`);
  process.exit(1);
}
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

const port = settings.PORT;
const databaseUrl = settings.DATABASE_URL;
const dataDir = dataDirOf(settings);
// Production seeds nothing: no demo accounts with a published password (issue 39).
const password = production ? null : (settings.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);

const database = await openDatabase(
  databaseUrl ? { databaseUrl, poolSizes: poolSizesOf(settings) } : { dataDir },
);
const { schemaVersion, seed } = await prepareDatabase(database.db, password);
const app = await buildApp({
  db: database.db,
  workerDb: database.workerDb,
  leaseDb: database.leaseDb,
  quoteBacklogAgeLimitMs: settings.QUOTE_BACKLOG_AGE_LIMIT_MS,
  logger: { level: settings.LOG_LEVEL },
  portalDir,
  worker: { concurrency: settings.QUOTE_WORKER_CONCURRENCY },
});
await app.listen({ port, host: '0.0.0.0' });
// PGlite is this process's alone: commands on the same DATA_DIR ask through its control socket.
const controlSocket = database.dumpDataDir
  ? await startControlSocket(dataDir, {
      createSuperAdmin: (email, superAdminPassword) =>
        createSuperAdmin(database.db, email, superAdminPassword),
      dump: database.dumpDataDir,
    })
  : null;

console.log(
  `\n${listeningLine(port)}(${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`}; schemas/ is schema set version ${schemaVersion})`,
);
if (password !== null) {
  console.log(seed.seeded ? 'Seeded demo data. Demo accounts:' : 'Demo accounts (if still present):');
  for (const account of [...DEMO_ACCOUNTS, ...EXTRA_DEMO_ACCOUNTS])
    console.log(`  ${account.email.padEnd(22)} ${account.role.padEnd(12)} password: ${password}`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // Readiness answers 503 from here while requests in flight are answered (issue 39); then the
  // workers and the database close, within the same deadline again, and the process exits 0.
  app.log.info(`${signal}: draining`);
  const drained = await app.drain.begin(settings.SHUTDOWN_DRAIN_MS);
  app.log.info(drained ? `${signal}: drained, closing` : `${signal}: drain deadline passed, closing`);
  setTimeout(() => process.exit(0), settings.SHUTDOWN_DRAIN_MS).unref();
  await app.close();
  controlSocket?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
