/**
 * Cells of carrier-catalogue/* (issue 43, ADR 772): super-admins only, but for `carriers` (the public
 * part every worker's pickers read; customers refused); a refused call leaves the stored catalogue
 * versions as they were.
 */
import { desc } from 'drizzle-orm';
import carriersJson from '../../../carriers.json' with { type: 'json' };
import { carrierCatalogVersions } from '../../../server/db/schema.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import { type Expected, SUPER_ONLY, WORKERS_OWN } from './callers.ts';

/** Every carrier-catalogue cell. */
export function carrierCatalogueCells(w: AccessWorld): Cell[] {
  const versions = () =>
    w.t.db
      .select({ version: carrierCatalogVersions.version, note: carrierCatalogVersions.note })
      .from(carrierCatalogVersions)
      .orderBy(carrierCatalogVersions.version);
  const latest = async () =>
    (
      await w.t.db
        .select({ version: carrierCatalogVersions.version })
        .from(carrierCatalogVersions)
        .orderBy(desc(carrierCatalogVersions.version))
        .limit(1)
    )[0].version;
  const cell = (
    path: string,
    body: () => Promise<Record<string, unknown>> | Record<string, unknown>,
    expected: Expected = SUPER_ONLY,
  ): Cell => ({
    name: `carrier-catalogue/${path}`,
    endpoint: `POST /api/carrier-catalogue/${path}`,
    side: 'none',
    expected,
    request: async () => ({ body: await body() }),
    unchanged: versions,
  });
  return [
    cell('get', () => ({})),
    cell('carriers', () => ({}), WORKERS_OWN),
    cell('check', () => ({ catalogue: carriersJson })),
    cell('test-connection', () => ({
      catalogue: carriersJson,
      connection_id: 'sample_api_key',
      company_id: w.own.companyId,
    })),
    // The same document again: no connection changes, so the super-admin's publish needs no test.
    cell('publish', async () => ({
      catalogue: carriersJson,
      note: 'matrix publish',
      based_on: await latest(),
    })),
  ];
}
