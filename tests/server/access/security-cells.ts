/**
 * Cells of the audit trail (issue 38; docs/decisions/719-append-only-audit-trail.md): audit/list
 * and audit/export-csv on the callers' agency (no company_id: an admin's own trail, a
 * super-admin's every agency) and on another agency (its company_id: super-admins only, an admin
 * learns only "not found"); agents and customers 403. An admin's listing shows no other agency's
 * event.
 */
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import { MANAGERS_OTHER, MANAGERS_OWN } from './callers.ts';

/** Every audit trail cell. */
export function securityCells(w: AccessWorld): Cell[] {
  const foreignEvents =
    (companyId: number) => (answer: { body: { data: { events: { company_id: number | null }[] } } }) =>
      answer.body.data.events
        .filter((event) => event.company_id !== companyId)
        .map((event) => `an event of company ${event.company_id}`);
  return [
    {
      name: 'audit/list of the caller’s agency',
      endpoint: 'POST /api/audit/list',
      side: 'own',
      expected: MANAGERS_OWN,
      request: () => ({ body: {} }),
      leaks: (answer, caller) => (caller === 'admin' ? foreignEvents(w.own.companyId)(answer) : []),
    },
    {
      name: 'audit/list of another agency',
      endpoint: 'POST /api/audit/list',
      side: 'other',
      expected: MANAGERS_OTHER,
      request: () => ({ body: { company_id: w.other.companyId } }),
      leaks: (answer) => foreignEvents(w.other.companyId)(answer),
    },
    {
      name: 'audit/export-csv of the caller’s agency',
      endpoint: 'POST /api/audit/export-csv',
      side: 'own',
      expected: MANAGERS_OWN,
      request: () => ({ body: { action: 'auth.login' } }),
    },
    {
      name: 'audit/export-csv of another agency',
      endpoint: 'POST /api/audit/export-csv',
      side: 'other',
      expected: MANAGERS_OTHER,
      request: () => ({ body: { company_id: w.other.companyId } }),
    },
  ];
}
