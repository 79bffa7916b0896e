/**
 * Vitest global setup of the e2e project: the portal build, the seeded data dir the journeys'
 * servers copy and the server bundle, made at once (setups-at-once.ts).
 */
import serverBundleSetup from '../helpers/server-bundle.ts';
import { setupsAtOnce } from '../helpers/setups-at-once.ts';
import buildPortal from './build-portal.ts';
import seededDataDir from './seeded-data-dir.ts';

export default setupsAtOnce(buildPortal, seededDataDir, serverBundleSetup);
