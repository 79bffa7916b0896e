/**
 * carriers.json as a typed value. Its shape is checked against carriers.schema.json by
 * tests/carriers/carriers-file.test.ts, so the cast here is backed by a test, not trusted blindly.
 */
import carriersJson from '../../carriers.json' with { type: 'json' };
import type { CarriersFile } from './types.ts';

/** Every carrier family of SPEC §1 with its launch settings, and the sandbox rating table. */
export const carriersFile: CarriersFile = carriersJson as unknown as CarriersFile;
