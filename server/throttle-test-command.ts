/**
 * `npm run throttle:test -- [--base http://localhost:3000/api] [--times 120]` runs SPEC §7's
 * throttle test helper against a running server and prints the answers counted by HTTP status as
 * JSON (with the default limit, `{"200":60,"429":60}`). Exits 1 on a bad --times.
 */
import { parseArgs } from 'node:util';
import { settingsOrExit } from './settings/settings.ts';
import { repeatThrottleCall, THROTTLE_TEST_CALLS } from './throttle-test.ts';

const { values } = parseArgs({ options: { base: { type: 'string' }, times: { type: 'string' } } });
const times = values.times === undefined ? THROTTLE_TEST_CALLS : Number(values.times);
if (!Number.isInteger(times) || times < 1) {
  console.error('--times must be a whole number of calls, at least 1.');
  process.exit(1);
}
const base = values.base ?? `http://localhost:${settingsOrExit().PORT}/api`;
console.log(JSON.stringify(await repeatThrottleCall(base, times)));
