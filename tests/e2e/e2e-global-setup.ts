/**
 * Vitest global setup of the e2e project: the portal build, the seeded database the journeys'
 * servers copy (a PostgreSQL template with TEST_DATABASE_URL, a PGlite data dir without;
 * journey-database.ts) and the server bundle, made at once (setups-at-once.ts).
 */
import serverBundleSetup from '../helpers/server-bundle.ts';
import { setupsAtOnce } from '../helpers/setups-at-once.ts';
import { seededPostgresTemplateOf } from '../server/helpers/seeded-postgres-template.ts';
import buildPortal from './build-portal.ts';
import seededDataDir, { prepareAsNpmStart } from './seeded-data-dir.ts';

export default setupsAtOnce(
  buildPortal,
  seededDataDir,
  seededPostgresTemplateOf(prepareAsNpmStart),
  serverBundleSetup,
);
