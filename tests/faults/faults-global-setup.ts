/**
 * Vitest global setup of the faults project: the seeded PGlite dump and the server bundle (both
 * shared with the projects set up before it, shared-run-preparation.ts) and the fault-file lock,
 * made at once (setups-at-once.ts).
 */
import serverBundleSetup from '../helpers/server-bundle.ts';
import { setupsAtOnce } from '../helpers/setups-at-once.ts';
import seededPgliteDump from '../server/helpers/seeded-pglite-dump.ts';
import faultFileLock from './fault-file-lock.ts';

export default setupsAtOnce(seededPgliteDump, serverBundleSetup, faultFileLock);
