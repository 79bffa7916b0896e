/**
 * carriers.json as a typed value: every carrier family of SPEC §1 with its launch settings, the
 * sandbox rating table and the live connections. Its shape is checked against carriers.schema.json by
 * tests/carriers/carriers-file.test.ts, so the cast here is backed by a test, not trusted blindly;
 * the connections' mappings are linted when the server starts (server/start.ts, lintConnections).
 */
import carriersJson from '../carriers.json' with { type: 'json' };
import type { CarriersFile } from './carriers-file-types.ts';

export const carriersFile: CarriersFile = carriersJson as unknown as CarriersFile;
