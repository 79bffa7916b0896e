/**
 * Cells of the application calls (agent-portal/* of SPEC §7): the listing, read, create, update,
 * launch, reset, alert-note toggle and delete, each on the callers' company's records and on
 * another company's.
 */
import { inArray } from 'drizzle-orm';
import type { Doc } from '../../../engine/types.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { applications } from '../../../server/db/schema.ts';
import { MIAMI } from '../helpers/accounts-fixture.ts';
import type { CallResult } from '../helpers/test-app.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, applicationSnapshot, rowsWhere, type Side } from './access-world.ts';
import { type Caller, signedIn, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

const LISTING = '/api/agent-portal/get-agent-applications-list?per_page=100';

/** Cells of one application call on one side's records. */
function perSide(
  w: AccessWorld,
  path: string,
  verb: string,
  body: (side: Side) => Promise<Record<string, unknown>> | Record<string, unknown>,
): Cell[] {
  return (['own', 'other'] as const).map((side) => {
    let target = 0;
    return {
      name: `${path} ${verb} ${side === 'own' ? "own company's" : "another company's"}`,
      endpoint: `POST /api/agent-portal/${path}`,
      side,
      expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
      request: async () => {
        const sent = await body(side);
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
  const { own, other } = w;
  const records = (side: Side) => (side === 'own' ? own : other);
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
          caller === 'super-admin' ? [own.applicationId, other.applicationId] : [own.applicationId],
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
    ...perSide(w, 'get-application-by-id', 'reads', (side) => ({
      application_id: records(side).applicationId,
    })),
    ...(['own', 'other'] as const).map(
      (side): Cell => ({
        name: `create-new-application for ${side === 'own' ? "own company's" : "another company's"} agent`,
        endpoint: 'POST /api/agent-portal/create-new-application',
        side,
        expected: side === 'own' ? WORKERS_OWN : signedIn([200, 403, 403, 403]),
        request: () => ({ body: { agent_id: records(side).agentId, address: MIAMI } }),
        unchanged: () => rowsWhere(w.t, applications, applications.agent_id, records(side).agentId),
      }),
    ),
    ...perSide(w, 'update-application', 'updates', (side) => ({
      application_id: records(side).applicationId,
      address_details: { first_name: 'Pat' },
    })),
    ...perSide(w, 'launch-application', 'launches', async (side) => ({
      application_id: await w.freshApplication(side),
      address_details: structuredClone(examples.primary) as Doc,
    })),
    ...perSide(w, 'reset-application', 'resets', (side) => ({ application_id: records(side).applicationId })),
    ...perSide(w, 'toggle-application-alert-note', 'toggles the note of', (side) => ({
      application_id: records(side).applicationId,
      note_id: records(side).noteId,
    })),
    {
      name: "toggle-application-alert-note of another company's note through an own application",
      endpoint: 'POST /api/agent-portal/toggle-application-alert-note',
      side: 'other',
      expected: signedIn([404, 404, 404, 403]),
      request: () => ({ body: { application_id: own.applicationId, note_id: other.noteId } }),
      unchanged: () => applicationSnapshot(w.t, other.applicationId),
    },
    ...perSide(w, 'delete-application-by-id', 'deletes', async (side) => ({
      application_id: await w.freshApplication(side),
      delete_all_related_applications: false,
    })),
  ];
}
