/**
 * Vitest global setup of the unit project: the run's seeded PGlite dump and, with
 * TEST_DATABASE_URL, its seeded PostgreSQL template, made at once (setups-at-once.ts).
 */
import { setupsAtOnce } from '../../helpers/setups-at-once.ts';
import seededPgliteDump from './seeded-pglite-dump.ts';
import seededPostgresTemplate from './seeded-postgres-template.ts';

export default setupsAtOnce(seededPgliteDump, seededPostgresTemplate);
