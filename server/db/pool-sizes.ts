/**
 * How many PostgreSQL connections each part of a process may hold (issue 47): the API's requests,
 * the background workers' queries (quote and job workers, with the quote worker's LISTEN, and the
 * carrier catalogue's reload with its LISTEN), and
 * lease renewal, each its own pool, so a quote backlog never waits the API's requests behind it
 * and a renewal never waits behind either (docs/decisions/727-separate-connection-pools.md).
 * PGlite has one connection whatever these say.
 */
import { SETTINGS } from '../settings/setting-declarations.ts';
import type { Settings } from '../settings/settings.ts';

/** Connections per pool of one process. */
export interface DatabasePoolSizes {
  /** The API's requests (and what runs in them). */
  api: number;
  /** The quote and job workers' claims, answers and finishes, the quote worker's LISTEN and the carrier catalogue's (ADR 772). */
  workers: number;
  /** Lease renewal of the jobs the workers hold. */
  leases: number;
}

/**
 * The pool sizes of a process from its settings (DATABASE_POOL_API, _WORKERS, _LEASES:
 * server/settings/setting-declarations.ts gives their defaults and bounds, and start refuses a
 * wrong value naming it).
 */
export function poolSizesOf(
  settings: Pick<Settings, 'DATABASE_POOL_API' | 'DATABASE_POOL_WORKERS' | 'DATABASE_POOL_LEASES'>,
): DatabasePoolSizes {
  return {
    api: settings.DATABASE_POOL_API,
    workers: settings.DATABASE_POOL_WORKERS,
    leases: settings.DATABASE_POOL_LEASES,
  };
}

/** The sizes when nothing is set: the declarations' defaults (what openDatabase takes unless told). */
export const DEFAULT_POOL_SIZES: DatabasePoolSizes = poolSizesOf({
  DATABASE_POOL_API: SETTINGS.DATABASE_POOL_API.default,
  DATABASE_POOL_WORKERS: SETTINGS.DATABASE_POOL_WORKERS.default,
  DATABASE_POOL_LEASES: SETTINGS.DATABASE_POOL_LEASES.default,
});
