/**
 * Cells of carrier-connections/* (issue 19): managers of a company only, on their own company
 * (super-admins on any by company_id); a refused write leaves the company as it was and no
 * answer carries a credential value.
 */
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Side } from './access-world.ts';
import { type Expected, MANAGERS_OTHER, MANAGERS_OWN } from './callers.ts';
import { companySnapshot } from './record-snapshots.ts';

const SIDES = ['own', 'other'] as const;
const MANAGERS: Record<Side, Expected> = { own: MANAGERS_OWN, other: MANAGERS_OTHER };
const KEY = 'matrix-carrier-key';

/** Every carrier connection cell. */
export function carrierConnectionCells(w: AccessWorld): Cell[] {
  const companyOf = (side: Side) => (side === 'own' ? {} : { company_id: w.other.companyId });
  const recordsOf = (side: Side) => (side === 'own' ? w.own : w.other);
  const cell = (path: string, body: Record<string, unknown>, side: Side): Cell => ({
    name: `carrier-connections/${path} on ${OWNERS[side].whose} settings`,
    endpoint: `POST /api/carrier-connections/${path}`,
    side,
    expected: MANAGERS[side],
    request: async () => {
      await w.restoreCompany(side);
      return { body: { ...companyOf(side), ...body } };
    },
    unchanged: () => companySnapshot(w.t, recordsOf(side).companyId),
    leaks: (answer) => (JSON.stringify(answer.body).includes(KEY) ? ['answers the stored key'] : []),
  });
  return SIDES.flatMap((side) => [
    cell('list', {}, side),
    cell('update', { connection_id: 'sample_api_key', enabled: true, credentials: { api_key: KEY } }, side),
    cell('test', { connection_id: 'sample_api_key' }, side),
  ]);
}
