/**
 * Every server process quotes with the latest published carrier catalogue (issue 43,
 * docs/decisions/772-carrier-catalogue-versions.md): at start the process seeds version 1 from
 * carriers.json when none is stored and loads the latest; afterwards it reloads when a version is
 * published: at once on the NOTIFY carrier_catalog that the version's insert sends (migration
 * 0068), and on a poll of the latest number every RELOAD_POLL_MS, in case the LISTEN connection was
 * lost. Reloads run one at a time, so a slow one never puts back an older version.
 */
import { sql } from 'drizzle-orm';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import type { Executor } from '../db/database.ts';
import { listenForNotifications } from '../jobs/listen-for-notifications.ts';
import {
  currentCarriersVersion,
  forgetLoadedCarriers,
  putCarriersInUse,
} from '../quoting/current-carriers.ts';
import {
  findCatalogueVersion,
  insertCatalogueVersion,
  latestCatalogueVersionNumber,
} from '../repositories/carrier-catalog-repository.ts';

/** The NOTIFY channel a new version sends on (migration 0068's trigger). */
export const CARRIER_CATALOG_CHANNEL = 'carrier_catalog';
/** Pause between two polls of the latest version, in ms: the fallback of the NOTIFY. */
export const RELOAD_POLL_MS = 15_000;
/** Any constant: the advisory lock that serializes the seed and the publishes. */
export const CATALOGUE_LOCK_KEY = 7_720_068;
/** The note of version 1. */
export const SEED_NOTE = 'Seeded from carriers.json';

let reloading: Promise<void> = Promise.resolve();

/**
 * Uses the latest stored version when it is not the one in use; calls run one after another.
 * Rejects with the database's error (the version in use stays).
 */
export function reloadCarrierCatalogue(db: Executor): Promise<void> {
  const next = reloading.then(async () => {
    const latest = await latestCatalogueVersionNumber(db);
    if (latest === 0 || latest === currentCarriersVersion()) return;
    const row = await findCatalogueVersion(db, latest);
    if (row) putCarriersInUse(row.catalogue, row.version);
  });
  reloading = next.catch(() => undefined);
  return next;
}

/** Stores carriers.json as version 1 when no version is stored (under the lock: one process seeds). */
export async function seedCarrierCatalogue(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    if ((await latestCatalogueVersionNumber(tx)) > 0) return;
    await insertCatalogueVersion(tx, {
      version: 1,
      catalogue: carriersFile,
      note: SEED_NOTE,
      createdBy: null,
    });
  });
}

/**
 * Seeds, loads the latest version, then keeps it current until the returned function is called:
 * on every NOTIFY, and every `pollMs` unless it is null (an app whose background polling is off,
 * as in tests, which count the statements a call sends). Rejects when the database cannot be read
 * at start; later failures go to `onError` and the version in use stays.
 */
export async function keepCarrierCatalogueCurrent(
  db: Executor,
  onError: (error: unknown) => void,
  pollMs: number | null = RELOAD_POLL_MS,
): Promise<() => Promise<void>> {
  await seedCarrierCatalogue(db);
  // Whatever an earlier app of this process loaded (a test worker builds many), this database's.
  forgetLoadedCarriers();
  await reloadCarrierCatalogue(db);
  const reload = () => {
    reloadCarrierCatalogue(db).catch(onError);
  };
  const stopListening = await listenForNotifications(db, CARRIER_CATALOG_CHANNEL, reload, onError);
  const timer = pollMs === null ? null : setInterval(reload, pollMs);
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await stopListening();
  };
}
