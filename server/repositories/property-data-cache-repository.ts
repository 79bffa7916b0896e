/**
 * Provider answers cached per (provider, job, normalised address) (table property_data_cache,
 * migration 0015; issue 15). The only code that queries it. docs/decisions/231-property-data-cache.md.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type PropertyDataCacheRow, propertyDataCache } from '../db/schema.ts';

/** Which answer: the provider, the job and the address key (normaliseAddress). */
export interface CacheKey {
  provider: string;
  job: string;
  address_key: string;
}

/** The answer fetched at or after `since`, or null (none, or older). */
export async function findCachedAnswer(
  db: Executor,
  key: CacheKey,
  since: Date,
): Promise<PropertyDataCacheRow | null> {
  const [row] = await db
    .select()
    .from(propertyDataCache)
    .where(
      and(
        eq(propertyDataCache.provider, key.provider),
        eq(propertyDataCache.job, key.job),
        eq(propertyDataCache.address_key, key.address_key),
        gte(propertyDataCache.fetched_at, since),
      ),
    );
  return row ?? null;
}

/** Stores (or replaces) the answer for `key` fetched now; returns the stored row. */
export async function saveAnswer(
  db: Executor,
  key: CacheKey,
  answer: Record<string, unknown> | null,
): Promise<PropertyDataCacheRow> {
  const [row] = await db
    .insert(propertyDataCache)
    .values({ ...key, answer })
    .onConflictDoUpdate({
      target: [propertyDataCache.provider, propertyDataCache.job, propertyDataCache.address_key],
      set: { answer, fetched_at: sql`now()` },
    })
    .returning();
  return row;
}
