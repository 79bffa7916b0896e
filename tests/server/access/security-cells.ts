/**
 * Cells of the audit trail (issue 38; docs/decisions/719-append-only-audit-trail.md): audit/list
 * and audit/export-csv on the callers' agency (no company_id: an admin's own trail, a
 * super-admin's every agency) and on another agency (its company_id: super-admins only, an admin
 * learns only "not found"); agents and customers 403. An admin's listing shows no other agency's
 * event. Privacy requests: super-admins and admins (of their own agency's people: another agency's
 * person is not found), agents and customers 403.
 */
import { contacts } from '../../../server/db/schema.ts';
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
    ...(['own', 'other'] as const).flatMap((side): Cell[] => {
      // A person only the side's agency holds: an admin of the callers' agency finds nothing of another's.
      const email = `privacy-${side}@example.com`;
      const companyId = side === 'own' ? w.own.companyId : w.other.companyId;
      const ensureContact = async () => {
        await w.t.db
          .insert(contacts)
          .values({ company_id: companyId, owned_type: 'Individual Owned', phone: '(305) 555-0100', email });
        return { body: { email } };
      };
      return [
        {
          name: `privacy/export-person of a person of ${side === 'own' ? 'the caller’s' : 'another'} agency`,
          endpoint: 'POST /api/privacy/export-person',
          side,
          expected: MANAGERS_OWN,
          request: ensureContact,
          leaks: (answer, caller) =>
            caller === 'admin' && side === 'other' && answer.body.data.counts.contacts > 0
              ? ['another agency’s contact exported']
              : [],
        },
        {
          name: `privacy/erase-person of a person of ${side === 'own' ? 'the caller’s' : 'another'} agency`,
          endpoint: 'POST /api/privacy/erase-person',
          side,
          expected: MANAGERS_OWN,
          request: ensureContact,
          leaks: (answer, caller) =>
            caller === 'admin' && side === 'other' && answer.body.data.counts.contacts > 0
              ? ['another agency’s contact erased']
              : [],
        },
      ];
    }),
  ];
}
