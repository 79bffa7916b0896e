/**
 * Cells of the application calls (agent-portal/* of SPEC §7): the listing, read, create, update,
 * launch, reset, alert-note toggle, the quote documents and delete, each on the demo agent's application, a
 * colleague's in the same company and another company's.
 */
import { inArray } from 'drizzle-orm';
import type { Doc } from '../../../engine/types.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { applications } from '../../../server/db/schema.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import type { CallResult } from '../helpers/test-app.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Owner } from './access-world.ts';
import {
  type Caller,
  type Expected,
  signedIn,
  WORKERS_COLLEAGUE,
  WORKERS_OTHER,
  WORKERS_OWN,
} from './callers.ts';
import { applicationSnapshot, rowsWhere } from './record-snapshots.ts';

const LISTING = '/api/agent-portal/get-agent-applications-list?per_page=100';

const WORKERS: Record<Owner, Expected> = {
  own: WORKERS_OWN,
  colleague: WORKERS_COLLEAGUE,
  other: WORKERS_OTHER,
};

/** Cells of one application call on the demo agent's, a colleague's and another company's records. */
function perOwner(
  w: AccessWorld,
  path: string,
  verb: string,
  body: (owner: Owner) => Promise<Record<string, unknown>> | Record<string, unknown>,
): Cell[] {
  return (Object.keys(OWNERS) as Owner[]).map((owner) => {
    let target = 0;
    return {
      name: `${path} ${verb} ${OWNERS[owner].whose}`,
      endpoint: `POST /api/agent-portal/${path}`,
      side: OWNERS[owner].side,
      expected: WORKERS[owner],
      request: async () => {
        const sent = await body(owner);
        target = Number(sent.application_id);
        return { body: sent };
      },
      unchanged: () => applicationSnapshot(w.t, target),
    };
  });
}

/**
 * Problems of a listing answer: rows outside the caller's scope (an admin's company, an agent's
 * own), and `mustShow` ids that a successful listing has to include so the check sees rows at all.
 */
async function listingLeaks(
  w: AccessWorld,
  answer: CallResult,
  caller: Caller,
  mustShow: number[],
): Promise<string[]> {
  const ids: number[] = answer.body.data.applications.data.map((row: { id: number }) => row.id);
  return scopeLeaks(w, ids, caller, mustShow);
}

/**
 * Problems of listed application `ids` (listing, reporting): rows outside the caller's scope and
 * `mustShow` ids missing.
 */
export async function scopeLeaks(
  w: AccessWorld,
  ids: number[],
  caller: Caller,
  mustShow: number[],
): Promise<string[]> {
  const rows = ids.length
    ? await w.t.db
        .select({ id: applications.id, company_id: applications.company_id, agent_id: applications.agent_id })
        .from(applications)
        .where(inArray(applications.id, ids))
    : [];
  const problems = mustShow.filter((id) => !ids.includes(id)).map((id) => `application ${id} is missing`);
  for (const row of rows) {
    if (caller === 'admin' && row.company_id !== w.own.companyId)
      problems.push(`lists application ${row.id} of company ${row.company_id}`);
    if (caller === 'agent' && row.agent_id !== w.own.agentId)
      problems.push(`lists application ${row.id} of agent ${row.agent_id}`);
  }
  return problems;
}

/** Every application-call cell. */
export function applicationCells(w: AccessWorld): Cell[] {
  const { own, other, colleague } = w;
  const records = w.agent;
  return [
    {
      name: 'get-agent-applications-list',
      endpoint: 'POST /api/agent-portal/get-agent-applications-list',
      side: 'own',
      expected: WORKERS_OWN,
      request: () => ({ url: LISTING, body: {} }),
      leaks: (answer, caller) =>
        listingLeaks(
          w,
          answer,
          caller,
          {
            'super-admin': [own.applicationId, colleague.applicationId, other.applicationId],
            admin: [own.applicationId, colleague.applicationId],
            agent: [own.applicationId],
          }[caller as string] ?? [],
        ),
    },
    {
      name: "get-agent-applications-list filtered to another company's agent and application",
      endpoint: 'POST /api/agent-portal/get-agent-applications-list',
      side: 'other',
      expected: WORKERS_OWN,
      request: () => ({
        url: LISTING,
        body: { agent_id: other.agentId, filters: { application_id: other.applicationId } },
      }),
      leaks: async (answer, caller) => {
        const problems = await listingLeaks(
          w,
          answer,
          caller,
          caller === 'super-admin' ? [other.applicationId] : [],
        );
        const { total } = answer.body.data.applications;
        const counted = Object.values(answer.body.data.status_counts as Record<string, number>).reduce(
          (sum, n) => sum + n,
          0,
        );
        if (caller !== 'super-admin' && (total !== 0 || counted !== 0))
          problems.push(`counts another company's applications: total ${total}, status counts ${counted}`);
        return problems;
      },
    },
    {
      // The schema set is the product's, not a company's: every role that works applications reads it.
      name: 'get-schema-set (current version)',
      endpoint: 'POST /api/agent-portal/get-schema-set',
      side: 'none',
      expected: WORKERS_OWN,
      request: () => ({ body: { schema_version: 1 } }),
    },
    ...perOwner(w, 'get-application-by-id', 'reads', (owner) => ({
      application_id: records(owner).applicationId,
    })),
    // The live quotes stream (issue 17) opens exactly where get-application-by-id answers.
    ...(Object.keys(OWNERS) as Owner[]).map(
      (owner): Cell => ({
        name: `quote-events streams ${OWNERS[owner].whose}`,
        endpoint: 'GET /api/agent-portal/quote-events',
        side: OWNERS[owner].side,
        expected: WORKERS[owner],
        request: () => ({
          url: `/api/agent-portal/quote-events?application_id=${records(owner).applicationId}`,
        }),
      }),
    ),
    ...(Object.keys(OWNERS) as Owner[]).map(
      (owner): Cell => ({
        name: `create-new-application for ${OWNERS[owner].whose} agent`,
        endpoint: 'POST /api/agent-portal/create-new-application',
        side: OWNERS[owner].side,
        // Creating is for oneself (agent) or for an agent of one's company (admin). SPEC §6.
        expected: {
          own: WORKERS_OWN,
          colleague: signedIn([200, 200, 403, 403]),
          other: signedIn([200, 403, 403, 403]),
        }[owner],
        request: () => ({ body: { agent_id: records(owner).agentId, address: MIAMI } }),
        unchanged: () => rowsWhere(w.t, applications, applications.agent_id, records(owner).agentId),
      }),
    ),
    ...perOwner(w, 'update-application', 'updates', (owner) => ({
      application_id: records(owner).applicationId,
      address_details: { first_name: 'Pat' },
    })),
    ...perOwner(w, 'launch-application', 'launches', async (owner) => ({
      application_id: await w.freshApplication(owner),
      address_details: structuredClone(examples.primary) as Doc,
    })),
    ...perOwner(w, 'reset-application', 'resets', (owner) => ({
      application_id: records(owner).applicationId,
    })),
    ...perOwner(w, 'toggle-application-alert-note', 'toggles the note of', (owner) => ({
      application_id: records(owner).applicationId,
      note_id: records(owner).noteId,
    })),
    {
      name: "toggle-application-alert-note of another company's note through an own application",
      endpoint: 'POST /api/agent-portal/toggle-application-alert-note',
      side: 'other',
      expected: signedIn([404, 404, 404, 403]),
      request: () => ({ body: { application_id: own.applicationId, note_id: other.noteId } }),
      unchanged: () => applicationSnapshot(w.t, other.applicationId),
    },
    // Quote documents (issue 13): closed exactly as get-application-by-id.
    ...perOwner(w, 'download-market-breakdown-pdf', 'downloads the market breakdown of', (owner) => ({
      application_id: records(owner).commercialId,
    })),
    ...perOwner(w, 'download-flood-rejection-pdf', 'downloads the flood rejection of', (owner) => ({
      application_id: records(owner).commercialId,
      quote_ids: [records(owner).automaticQuoteId],
    })),
    ...perOwner(w, 'get-quote-email-templates', 'reads the e-mail templates for', (owner) => ({
      application_id: records(owner).commercialId,
    })),
    ...perOwner(w, 'preview-quote-email', 'previews the quote e-mail of', (owner) => ({
      application_id: records(owner).commercialId,
      quote_ids: [records(owner).automaticQuoteId],
      subject: 'Your flood quotes for {{address}}',
      message: 'Hello {{first_name}}.',
    })),
    ...perOwner(w, 'send-quote', 'e-mails the quotes of', (owner) => ({
      application_id: records(owner).commercialId,
      document: 'market-breakdown',
      quote_ids: [records(owner).automaticQuoteId],
      email: 'client@example.com',
      subject: 'Your flood quotes',
      message: 'Attached.',
    })),
    ...perOwner(w, 'delete-application-by-id', 'deletes', async (owner) => ({
      application_id: await w.freshApplication(owner),
      delete_all_related_applications: false,
    })),
  ];
}
