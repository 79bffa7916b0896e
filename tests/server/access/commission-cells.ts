/**
 * Cells of the commission calls (issue 12, docs/decisions/177-commission.md): the application
 * callers' guard; rates read by the company's workers and written by its admin (a super-admin names
 * any company); a quote bound by whoever may see its application; lines unbound and marked paid by
 * the company's admin; statements scoped as the listing. Refused writes leave rates and bound
 * policies as they were.
 */
import { eq } from 'drizzle-orm';
import { boundPolicies, commissionRates } from '../../../server/db/schema.ts';
import { insertBoundPolicy } from '../../../server/repositories/commission-repository.ts';
import { insertQuote } from '../../../server/repositories/quotes-repository.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld, CompanyRecords } from './access-world.ts';
import { MANAGERS_OTHER, MANAGERS_OWN, SUPER_ONLY, signedIn, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

/** Every commission cell. */
export function commissionCells(w: AccessWorld): Cell[] {
  const { own, other } = w;
  const rates = () => w.t.db.select().from(commissionRates).orderBy(commissionRates.id);
  const bound = () => w.t.db.select().from(boundPolicies).orderBy(boundPolicies.id);
  const sideOf = (side: 'own' | 'other'): CompanyRecords => (side === 'own' ? own : other);
  const quotedQuote = async (records: CompanyRecords) =>
    (
      await insertQuote(w.t.db, {
        application_id: records.applicationId,
        carrier: 'titan',
        display_name: 'Titan',
        connector: 'sandbox',
        status: 'quoted',
        premium: 1200,
        source: 'automatic',
      })
    ).id;
  const boundLine = async (records: CompanyRecords) =>
    (
      await insertBoundPolicy(w.t.db, {
        company_id: records.companyId,
        agent_id: records.agentId,
        application_id: records.applicationId,
        reference: 'MATRIX',
        carrier: 'titan',
        carrier_name: 'Titan',
        product: 'Primary',
        business: 'new',
        policy_number: 'MATRIX-1',
        effective_date: '2026-11-10',
        premium_cents: 120_000,
      })
    ).id;
  const rate = (companyId: number) => ({
    company_id: companyId,
    carrier: 'matrix_carrier',
    product: 'Primary',
    new_business_percent: 11,
    renewal_percent: 9,
  });

  return [
    ...(['own', 'other'] as const).flatMap((side): Cell[] => [
      {
        name: `commission/list-rates of ${side}`,
        endpoint: 'POST /api/commission/list-rates',
        side,
        expected: side === 'own' ? WORKERS_OWN : SUPER_ONLY,
        request: () => ({ body: { company_id: sideOf(side).companyId } }),
      },
      {
        name: `commission/set-rate of ${side}`,
        endpoint: 'POST /api/commission/set-rate',
        side,
        expected: side === 'own' ? MANAGERS_OWN : SUPER_ONLY,
        request: () => ({ body: rate(sideOf(side).companyId) }),
        unchanged: rates,
      },
      {
        name: `commission/bind-quote of ${side}`,
        endpoint: 'POST /api/commission/bind-quote',
        side,
        expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
        request: async () => ({
          body: {
            application_id: sideOf(side).applicationId,
            quote_id: await quotedQuote(sideOf(side)),
            policy_number: 'MATRIX-B',
            effective_date: '2026-11-12',
            premium: 1200,
            business: 'new',
          },
        }),
        unchanged: bound,
      },
      {
        name: `commission/unbind of ${side}`,
        endpoint: 'POST /api/commission/unbind',
        side,
        expected: side === 'own' ? MANAGERS_OWN : MANAGERS_OTHER,
        request: async () => ({ body: { id: await boundLine(sideOf(side)) } }),
        unchanged: async () =>
          (await bound()).filter((row) => row.policy_number !== 'MATRIX-1' || row.paid_at),
      },
      {
        // An admin naming another company's line gets 200 with nothing changed.
        name: `commission/set-paid of ${side}`,
        endpoint: 'POST /api/commission/set-paid',
        side,
        expected: MANAGERS_OWN,
        request: async () => ({ body: { ids: [await boundLine(sideOf(side))], paid: true } }),
        unchanged: async () => (await bound()).map((row) => [row.id, row.paid_at !== null]),
        leaks: (answer, caller) =>
          side === 'other' && caller !== 'super-admin' && answer.body.data.changed.length > 0
            ? [`marked ${answer.body.data.changed.length} line(s) of another company paid`]
            : [],
      },
      {
        name: `commission/get-statement of ${side}`,
        endpoint: 'POST /api/commission/get-statement',
        side,
        expected: WORKERS_OWN,
        request: () => ({ body: { ...NOVEMBER, company_id: sideOf(side).companyId } }),
        leaks: async (answer, caller) => {
          if (side === 'own' || caller === 'super-admin') return [];
          const foreign = await w.t.db
            .select({ id: boundPolicies.id })
            .from(boundPolicies)
            .where(eq(boundPolicies.company_id, other.companyId));
          const ids = new Set(foreign.map((row) => row.id));
          const shown = answer.body.data.lines.filter((line: { id: number }) => ids.has(line.id));
          return shown.length > 0 ? [`shows ${shown.length} line(s) of another company`] : [];
        },
      },
      {
        // The file's lines are checked in tests/server/commission.test.ts (the runner reads JSON only).
        name: `commission/export-csv of ${side}`,
        endpoint: 'POST /api/commission/export-csv',
        side,
        expected: WORKERS_OWN,
        request: () => ({ body: { ...NOVEMBER, company_id: sideOf(side).companyId } }),
      },
    ]),
    {
      // A super-admin must name the company whose rates they read.
      name: 'commission/list-rates without a company',
      endpoint: 'POST /api/commission/list-rates',
      side: 'own',
      expected: signedIn([400, 200, 200, 403]),
      request: () => ({ body: {} }),
    },
  ];
}
