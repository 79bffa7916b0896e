/**
 * Cells of the reporting calls (issue 12, docs/decisions/175-reporting-access-and-range.md): the
 * application callers' guard, rows scoped as the listing (an agent their own, an admin their
 * company's), a super-admin's company picker that an admin cannot use to see another company.
 */
import { utcDay } from '../../helpers/utc-day.ts';
import type { CallResult } from '../helpers/test-app.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import { scopeLeaks } from './application-cells.ts';
import { type Caller, signedIn, WORKERS_OWN } from './callers.ts';

/** An export's job and file are its requester's alone: any other user learns only "not found". */
const REQUESTER_ONLY = signedIn([404, 404, 404, 403]);

/** Yesterday .. tomorrow (UTC): a range holding every application the world made. */
function around(): { from: string; to: string } {
  return { from: utcDay(-1), to: utcDay(1) };
}

const idsOf = (answer: CallResult): number[] => answer.body.data.rows.map((row: { id: number }) => row.id);

/**
 * A finished export of `whose`: the caller's own (a role that may not export gets the demo
 * admin's, refused before it is looked at), or the other company's agent's. Its id.
 */
async function finishedExport(w: AccessWorld, caller: Caller, whose: 'own' | 'other'): Promise<number> {
  const mayExport = caller === 'super-admin' || caller === 'admin' || caller === 'agent';
  const key = whose === 'other' ? w.other.agentKey : mayExport ? w.keys[caller] : w.keys.admin;
  const started = await w.t.post('reporting/start-export', {
    session_key: key,
    ...around(),
    columns: ['reference'],
  });
  await w.t.app.jobWorker.drain();
  return started.body.data.export.id;
}

/** Every reporting cell. */
export function reportingCells(w: AccessWorld): Cell[] {
  const { own, other, colleague } = w;
  return [
    ...(['own', 'other'] as const).map(
      (side): Cell => ({
        name: `reporting/start-export of ${side === 'own' ? 'own' : "another company's"}`,
        endpoint: 'POST /api/reporting/start-export',
        side,
        expected: WORKERS_OWN,
        request: () => ({
          body: {
            ...around(),
            columns: ['reference'],
            ...(side === 'other' ? { filters: { company_id: other.companyId } } : {}),
          },
        }),
      }),
    ),
    ...(['own', 'other'] as const).flatMap((whose): Cell[] => [
      {
        name: `reporting/get-export of ${whose === 'own' ? 'own' : "another user's"}`,
        endpoint: 'POST /api/reporting/get-export',
        side: whose,
        expected: whose === 'own' ? WORKERS_OWN : REQUESTER_ONLY,
        request: async (caller) => ({ body: { export_id: await finishedExport(w, caller, whose) } }),
      },
      {
        name: `reporting download of ${whose === 'own' ? 'own' : "another user's"} export`,
        endpoint: 'GET /api/reporting/downloads/{id}',
        side: whose,
        expected: whose === 'own' ? WORKERS_OWN : REQUESTER_ONLY,
        request: async (caller) => ({
          url: `/api/reporting/downloads/${await finishedExport(w, caller, whose)}`,
        }),
      },
    ]),
    {
      name: 'reporting/get-report',
      endpoint: 'POST /api/reporting/get-report',
      side: 'own',
      expected: WORKERS_OWN,
      request: () => ({ body: { ...around(), per_page: 100 } }),
      leaks: (answer, caller) =>
        scopeLeaks(
          w,
          idsOf(answer),
          caller,
          {
            'super-admin': [own.applicationId, colleague.applicationId, other.applicationId],
            admin: [own.applicationId, colleague.applicationId],
            agent: [own.applicationId],
          }[caller as 'super-admin' | 'admin' | 'agent'] ?? [],
        ),
    },
    {
      name: "reporting/get-report of another company's",
      endpoint: 'POST /api/reporting/get-report',
      side: 'other',
      expected: WORKERS_OWN,
      request: () => ({ body: { ...around(), per_page: 100, filters: { company_id: other.companyId } } }),
      leaks: (answer, caller) =>
        scopeLeaks(w, idsOf(answer), caller, caller === 'super-admin' ? [other.applicationId] : []),
    },
    ...(['own', 'other'] as const).map(
      (side): Cell => ({
        name: `reporting/get-analytics of ${side === 'own' ? 'own' : "another company's"}`,
        endpoint: 'POST /api/reporting/get-analytics',
        side,
        expected: WORKERS_OWN,
        request: () => ({
          body: { ...around(), ...(side === 'other' ? { filters: { company_id: other.companyId } } : {}) },
        }),
        // An admin's or agent's funnel never counts another company's applications.
        leaks: (answer, caller) =>
          side === 'other' && caller !== 'super-admin' && answer.body.data.funnel.new !== 0
            ? [`counts ${answer.body.data.funnel.new} applications of another company`]
            : [],
      }),
    ),
    {
      name: 'reporting/export-csv',
      endpoint: 'POST /api/reporting/export-csv',
      side: 'own',
      expected: WORKERS_OWN,
      request: () => ({ body: { ...around(), columns: ['reference'] } }),
    },
    {
      // The file's rows are checked in tests/server/reporting.test.ts (the runner reads JSON only).
      name: "reporting/export-csv of another company's",
      endpoint: 'POST /api/reporting/export-csv',
      side: 'other',
      expected: WORKERS_OWN,
      request: () => ({
        body: { ...around(), columns: ['reference'], filters: { company_id: other.companyId } },
      }),
    },
  ];
}
