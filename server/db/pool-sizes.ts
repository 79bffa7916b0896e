/**
 * How many PostgreSQL connections each part of a process may hold (issue 47): the API's requests,
 * the background workers' queries (quote and job workers, with the quote worker's LISTEN), and
 * lease renewal, each its own pool, so a quote backlog never waits the API's requests behind it
 * and a renewal never waits behind either (docs/decisions/727-separate-connection-pools.md).
 * PGlite has one connection whatever these say.
 */

/** Connections per pool of one process. */
export interface DatabasePoolSizes {
  /** The API's requests (and what runs in them). */
  api: number;
  /** The quote and job workers' claims, answers and finishes, and the quote worker's LISTEN. */
  workers: number;
  /** Lease renewal of the jobs the workers hold. */
  leases: number;
}

/** Sizes when nothing is set: the API keeps the 10 it had; 5 worker queries beside one LISTEN. */
export const DEFAULT_POOL_SIZES: DatabasePoolSizes = { api: 10, workers: 6, leases: 2 };

/** Fewest connections of each pool: the worker pool's LISTEN holds one for good. */
const MINIMUM_POOL_SIZES: DatabasePoolSizes = { api: 1, workers: 2, leases: 1 };

/**
 * The pool sizes of DATABASE_POOL_API, DATABASE_POOL_WORKERS and DATABASE_POOL_LEASES (whole
 * numbers up to 100; DEFAULT_POOL_SIZES for one unset or empty). Throws Error naming the variable
 * for anything else, so a typo stops the start instead of starving a pool.
 */
export function poolSizesFromEnv(env: NodeJS.ProcessEnv = process.env): DatabasePoolSizes {
  const read = (part: keyof DatabasePoolSizes, name: string): number => {
    const value = env[name];
    if (value === undefined || value.trim() === '') return DEFAULT_POOL_SIZES[part];
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < MINIMUM_POOL_SIZES[part] || parsed > 100)
      throw new Error(
        `${name} must be a whole number from ${MINIMUM_POOL_SIZES[part]} to 100, not "${value}"`,
      );
    return parsed;
  };
  return {
    api: read('api', 'DATABASE_POOL_API'),
    workers: read('workers', 'DATABASE_POOL_WORKERS'),
    leases: read('leases', 'DATABASE_POOL_LEASES'),
  };
}
