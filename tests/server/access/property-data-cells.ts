/**
 * Cells of the property data calls (issue 15, docs/decisions/230-property-data-providers.md): the
 * application callers' guard; every worker asks for suggestions and verifies an address with their
 * company's providers (no company's records: no side); an application's lookup, and its
 * background pre-fill's re-run and status (issue 40), only for those who may see it (its company's
 * admin, its agent, super-admins).
 */
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Owner } from './access-world.ts';
import { WORKERS_COLLEAGUE, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

const WORKERS = { own: WORKERS_OWN, colleague: WORKERS_COLLEAGUE, other: WORKERS_OTHER };

/** Every property data cell. */
export function propertyDataCells(w: AccessWorld): Cell[] {
  return [
    {
      name: 'property-data/autocomplete',
      endpoint: 'POST /api/property-data/autocomplete',
      side: 'none',
      expected: WORKERS_OWN,
      request: () => ({ body: { search: '1500 Meridian' } }),
    },
    {
      name: 'property-data/verify-address',
      endpoint: 'POST /api/property-data/verify-address',
      side: 'none',
      expected: WORKERS_OWN,
      request: () => ({
        body: { address: { address1: '1500 Meridian Ave', city: 'Miami Beach', state: 'FL', zip: '33139' } },
      }),
    },
    ...(['lookup', 'prefill', 'prefill-status'] as const).flatMap((call) =>
      (Object.keys(OWNERS) as Owner[]).map(
        (owner): Cell => ({
          name: `property-data/${call} of ${OWNERS[owner].whose}`,
          endpoint: `POST /api/property-data/${call}`,
          side: OWNERS[owner].side,
          expected: WORKERS[owner],
          request: () => ({ body: { application_id: w.agent(owner).applicationId } }),
        }),
      ),
    ),
  ];
}
