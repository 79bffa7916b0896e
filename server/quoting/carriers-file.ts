/**
 * carriers.json as a typed value. Its shape is checked against carriers.schema.json by
 * tests/carriers/carriers-file.test.ts, so the cast here is backed by a test, not trusted blindly.
 */
import carriersJson from '../../carriers.json' with { type: 'json' };
import { lintConnections } from './http/lint-connections.ts';
import type { CarriersFile } from './types.ts';

/**
 * Every carrier family of SPEC §1 with its launch settings, the sandbox rating table and the live
 * connections. Loading throws `Error('carriers.json: <problems>')` when lintConnections finds a
 * problem in a connection's mappings (issue 19), so a bad mapping stops the server at start.
 */
export const carriersFile: CarriersFile = carriersJson as unknown as CarriersFile;

const problems = lintConnections(carriersFile);
if (problems.length > 0) throw new Error(`carriers.json: ${problems.join('; ')}`);
