/**
 * Cells of the client contacts (issue 20, docs/decisions/432-client-contacts.md): the applications
 * area's guard (customers 403), then the application or contact in the caller's scope (an agent's
 * own, their admin's agency, a super-admin's any; another's looks missing). A refused create links
 * nothing; a refused update leaves the contact as it was.
 */
import { eq } from 'drizzle-orm';
import { applications, contacts } from '../../../server/db/schema.ts';
import { insertContact } from '../../../server/repositories/contacts-repository.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Owner } from './access-world.ts';
import { signedIn, WORKERS_COLLEAGUE, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

const WORKERS = { own: WORKERS_OWN, colleague: WORKERS_COLLEAGUE, other: WORKERS_OTHER };
/** A contact outside any application: in the caller's book; a super-admin has none (422). */
const OWN_BOOK = signedIn([422, 200, 200, 403]);

const CONTACT = {
  owned_type: 'Individual Owned',
  first_name: 'Maria',
  last_name: 'Lopez',
  phone: '(305) 555-0142',
  email: 'maria.lopez@mail.test',
};

/** Every client contact cell. */
export function contactCells(w: AccessWorld): Cell[] {
  const companyOf = (owner: Owner) => (owner === 'other' ? w.other.companyId : w.own.companyId);
  const freshContact = async (owner: Owner) =>
    (
      await insertContact(w.t.db, {
        ...CONTACT,
        company_id: companyOf(owner),
        agent_id: w.agent(owner).agentId,
      })
    ).id;
  const linkOf = (applicationId: number) => () =>
    w.t.db
      .select({ client_name_id: applications.client_name_id })
      .from(applications)
      .where(eq(applications.id, applicationId));
  let updated = 0;
  return [
    {
      name: 'agent-portal/create-contact in the caller’s own book',
      endpoint: 'POST /api/agent-portal/create-contact',
      side: 'own',
      expected: OWN_BOOK,
      request: () => ({ body: CONTACT }),
    },
    ...(Object.keys(OWNERS) as Owner[]).flatMap((owner): Cell[] => [
      {
        name: `agent-portal/create-contact for ${OWNERS[owner].whose} application`,
        endpoint: 'POST /api/agent-portal/create-contact',
        side: OWNERS[owner].side,
        expected: WORKERS[owner],
        request: () => ({ body: { ...CONTACT, application_id: w.agent(owner).applicationId } }),
        unchanged: linkOf(w.agent(owner).applicationId),
      },
      {
        name: `agent-portal/get-contact of ${OWNERS[owner].whose} agent`,
        endpoint: 'POST /api/agent-portal/get-contact',
        side: OWNERS[owner].side,
        expected: WORKERS[owner],
        request: async () => ({ body: { contact_id: await freshContact(owner) } }),
      },
      {
        name: `agent-portal/update-contact of ${OWNERS[owner].whose} agent`,
        endpoint: 'POST /api/agent-portal/update-contact',
        side: OWNERS[owner].side,
        expected: WORKERS[owner],
        request: async () => {
          updated = await freshContact(owner);
          return { body: { ...CONTACT, contact_id: updated, last_name: 'Lopez-Garcia' } };
        },
        unchanged: () => w.t.db.select().from(contacts).where(eq(contacts.id, updated)),
      },
    ]),
  ];
}
