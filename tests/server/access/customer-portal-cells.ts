/**
 * Cells of the customer portal (issue 16, docs/decisions/270-customer-portal.md): only customers
 * list their applications and contact the agent, and only on applications whose client they are
 * (the seeded quoted application of the demo customer; another company's application is 404);
 * the client calls follow the application callers' guard (customers 403). A refused contact
 * writes no note; a refused client change leaves the application's client as it was. The quote
 * view of a signed quote link is open to anyone holding the link until it expires; an expired link,
 * or one whose application id was changed, is 404 to everyone (docs/decisions/440).
 */
import { eq } from 'drizzle-orm';
import { applications, notes } from '../../../server/db/schema.ts';
import { QUOTE_VIEW_KEY, signQuoteViewToken } from '../../../server/messaging/quote-view-token.ts';
import { signingKey } from '../../../server/repositories/signing-keys-repository.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Owner } from './access-world.ts';
import { everyone, OPEN, signedIn, WORKERS_COLLEAGUE, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

const WORKERS = { own: WORKERS_OWN, colleague: WORKERS_COLLEAGUE, other: WORKERS_OTHER };
/** The customer's own application: customers only. */
const CUSTOMER_OWN = signedIn([403, 403, 403, 200]);
/** An application whose client the customer is not: it looks missing to them. */
const CUSTOMER_OTHER = signedIn([403, 403, 403, 404]);

/** Every customer portal cell. */
export function customerPortalCells(w: AccessWorld): Cell[] {
  const clientApplicationId = (w.t.seed.applicationIds as number[])[1];
  const notesOf = (applicationId: number) => () =>
    w.t.db.select({ id: notes.id }).from(notes).where(eq(notes.application_id, applicationId));
  const clientOf = (applicationId: number) => () =>
    w.t.db
      .select({ client: applications.client_user_id })
      .from(applications)
      .where(eq(applications.id, applicationId));
  const DAY_MS = 24 * 60 * 60 * 1000;
  const quoteViewToken = async (applicationId: number, expiresInMs: number) =>
    signQuoteViewToken(
      await signingKey(w.t.db, QUOTE_VIEW_KEY),
      applicationId,
      new Date(Date.now() + expiresInMs),
    );
  return [
    {
      name: 'customer-portal/quote-view with a signed link (open)',
      endpoint: 'POST /api/customer-portal/quote-view',
      side: 'own',
      expected: OPEN,
      request: async () => ({ body: { token: await quoteViewToken(w.agent('own').applicationId, DAY_MS) } }),
      leaks: (answer) =>
        answer.body.data.application.id === w.agent('own').applicationId
          ? []
          : [`opens application ${answer.body.data.application.id}`],
    },
    {
      name: 'customer-portal/quote-view with an expired link',
      endpoint: 'POST /api/customer-portal/quote-view',
      side: 'own',
      expected: everyone(404),
      request: async () => ({ body: { token: await quoteViewToken(w.agent('own').applicationId, -1000) } }),
    },
    {
      name: "customer-portal/quote-view with a link altered to another company's application",
      endpoint: 'POST /api/customer-portal/quote-view',
      side: 'other',
      expected: everyone(404),
      request: async () => {
        const [, expires, signature] = (await quoteViewToken(w.agent('own').applicationId, DAY_MS)).split(
          '.',
        );
        return { body: { token: `${w.other.applicationId}.${expires}.${signature}` } };
      },
    },
    {
      name: 'customer-portal/get-my-applications',
      endpoint: 'POST /api/customer-portal/get-my-applications',
      side: 'none',
      expected: CUSTOMER_OWN,
      request: () => ({ body: {} }),
      leaks: (answer) => {
        const ids: number[] = answer.body.data.applications.map((a: { id: number }) => a.id);
        return ids.every((id) => id === clientApplicationId) ? [] : [`lists applications ${ids.join(', ')}`];
      },
    },
    {
      name: "customer-portal/contact-agent on the customer's own application",
      endpoint: 'POST /api/customer-portal/contact-agent',
      side: 'own',
      expected: CUSTOMER_OWN,
      request: () => ({ body: { application_id: clientApplicationId, message: 'Call me' } }),
      unchanged: notesOf(clientApplicationId),
    },
    {
      name: "customer-portal/contact-agent on another company's application",
      endpoint: 'POST /api/customer-portal/contact-agent',
      side: 'other',
      expected: CUSTOMER_OTHER,
      request: () => ({ body: { application_id: w.other.applicationId } }),
      unchanged: notesOf(w.other.applicationId),
    },
    ...(Object.keys(OWNERS) as Owner[]).flatMap((owner): Cell[] => [
      {
        name: `agent-portal/get-application-clients of ${OWNERS[owner].whose}`,
        endpoint: 'POST /api/agent-portal/get-application-clients',
        side: OWNERS[owner].side,
        expected: WORKERS[owner],
        request: () => ({ body: { application_id: w.agent(owner).applicationId } }),
      },
      {
        name: `agent-portal/set-application-client of ${OWNERS[owner].whose}`,
        endpoint: 'POST /api/agent-portal/set-application-client',
        side: OWNERS[owner].side,
        expected: WORKERS[owner],
        request: () => ({ body: { application_id: w.agent(owner).applicationId, client_user_id: null } }),
        unchanged: clientOf(w.agent(owner).applicationId),
      },
    ]),
  ];
}
