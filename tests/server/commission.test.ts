/**
 * Commission (issue 12) on PGlite and PostgreSQL: against a hand-computed fixture, a bound NFIP
 * quote earns the seeded 15% and a bound private renewal the rate an admin set; the statement's
 * lines, totals, payable and paid figures, the frozen rate of a paid line, the CSV export; who may
 * bind, set rates, mark paid and unbind; and, as properties, a statement's total is the sum of its
 * lines and a period's total the sum of its days'.
 */

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, boundPolicies, companies } from '../../server/db/schema.ts';
import { insertBoundPolicy } from '../../server/repositories/commission-repository.ts';
import { insertQuote } from '../../server/repositories/quotes-repository.ts';
import { ALREADY_BOUND_MESSAGE, NOT_QUOTED_MESSAGE } from '../../server/services/commission-service.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('commission on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let adminKey: string;
  let superKey: string;
  let otherAdminKey: string;
  let applicationId: number;
  let companyId: number;
  let agentId: number;
  const quoteIds: Record<string, number> = {};

  const call = (key: string, path: string, body: Record<string, unknown> = {}) =>
    t.post(`commission/${path}`, { session_key: key, ...body });
  const november = { from: '2026-11-01', to: '2026-11-30' };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Other Agency is seeded on Starter, without commission (ADR 764): on Pro, its admin is refused
    // the demo company's rows for being another company's, not for the plan.
    await t.db
      .update(companies)
      .set({ plan_id: 'pro' })
      .where(eq(companies.id, t.seed.otherCompanyId as number));
    [agentKey, adminKey, superKey, otherAdminKey] = await Promise.all(
      ['agent@demo.test', 'admin@demo.test', 'superadmin@demo.test', 'otheradmin@demo.test'].map((email) =>
        t.loginAs(email),
      ),
    );
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    applicationId = created.body.data.application.id;
    const [row] = await t.db
      .select({ company_id: applications.company_id, agent_id: applications.agent_id })
      .from(applications)
      .where(eq(applications.id, applicationId));
    ({ company_id: companyId, agent_id: agentId } = row);
    const quote = async (carrier: string, premium: number | null) =>
      (
        await insertQuote(t.db, {
          application_id: applicationId,
          carrier,
          display_name: carrier.toUpperCase(),
          connector: 'sandbox',
          status: premium === null ? 'error' : 'quoted',
          premium,
          source: 'automatic',
        })
      ).id;
    quoteIds.nfip = await quote('natgen_nfip', 1000);
    quoteIds.titan = await quote('titan', 2345.67);
    quoteIds.failed = await quote('annex', null);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('binds quoted carriers, with a note, once each, and never a carrier without a premium', async () => {
    const bind = (key: string, quote: number, extra: Record<string, unknown> = {}) =>
      call(key, 'bind-quote', {
        application_id: applicationId,
        quote_id: quote,
        policy_number: 'FLD-1001',
        effective_date: '2026-11-03',
        premium: 1000,
        business: 'new',
        ...extra,
      });
    expect((await bind(otherAdminKey, quoteIds.nfip)).statusCode).toBe(404);
    const bound = await bind(agentKey, quoteIds.nfip);
    expect(bound.statusCode, bound.body.message).toBe(200);
    expect((await bind(agentKey, quoteIds.nfip)).body.message).toBe(ALREADY_BOUND_MESSAGE);
    expect((await bind(agentKey, quoteIds.failed)).body.message).toBe(NOT_QUOTED_MESSAGE);
    expect((await bind(agentKey, quoteIds.titan, { effective_date: '2026-02-30' })).statusCode).toBe(400);
    expect((await bind(agentKey, quoteIds.titan, { premium: -5 })).statusCode).toBe(400);
    const renewal = await bind(adminKey, quoteIds.titan, {
      policy_number: 'TTN-77',
      effective_date: '2026-11-20',
      premium: 2345.67,
      business: 'renewal',
    });
    expect(renewal.statusCode, renewal.body.message).toBe(200);
    const application = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: applicationId,
    });
    const nfipQuote = application.body.data.application.quotes.find(
      (q: { id: number }) => q.id === quoteIds.nfip,
    );
    expect(nfipQuote.bound).toMatchObject({
      policy_number: 'FLD-1001',
      effective_date: '2026-11-03',
      premium: 1000,
      business: 'new',
      paid: false,
    });
    expect(
      application.body.data.application.notes.map((n: { payload: { message: string } }) => n.payload.message),
    ).toContain(
      'Bound with NATGEN_NFIP: policy FLD-1001, effective 2026-11-03, premium $1000.00 (new business).',
    );
  });

  it('computes the statement from the rates: 15% NFIP seeded, 10% renewal set by the admin', async () => {
    expect(
      (
        await call(agentKey, 'set-rate', {
          carrier: 'titan',
          product: 'Primary',
          new_business_percent: 12.5,
          renewal_percent: 10,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(otherAdminKey, 'set-rate', {
          company_id: companyId,
          carrier: 'titan',
          product: 'Primary',
          new_business_percent: 1,
          renewal_percent: 1,
        })
      ).statusCode,
    ).toBe(403);
    // A super-admin naming a company that is not stored gets 404, not a database error.
    expect(
      (
        await call(superKey, 'set-rate', {
          company_id: 2147483000,
          carrier: 'titan',
          product: 'Primary',
          new_business_percent: 1,
          renewal_percent: 1,
        })
      ).statusCode,
    ).toBe(404);
    const set = await call(adminKey, 'set-rate', {
      carrier: 'titan',
      product: 'Primary',
      new_business_percent: 12.5,
      renewal_percent: 10,
    });
    expect(set.statusCode, set.body.message).toBe(200);
    const rates = (await call(agentKey, 'list-rates')).body.data.rates;
    expect(rates).toContainEqual(
      expect.objectContaining({
        carrier: 'titan',
        product: 'Primary',
        new_business_percent: 12.5,
        renewal_percent: 10,
      }),
    );
    expect(rates).toContainEqual(
      expect.objectContaining({
        carrier: 'natgen_nfip',
        product: 'Primary',
        new_business_percent: 15,
        renewal_percent: 15,
      }),
    );
    // An NFIP sub-carrier of a private family takes the NFIP rate.
    expect(rates).toContainEqual(
      expect.objectContaining({
        carrier: 'wright',
        sub_carrier: 'nfip',
        new_business_percent: 15,
        renewal_percent: 15,
      }),
    );

    const statement = (await call(adminKey, 'get-statement', november)).body.data;
    expect(
      statement.lines.map((l: Record<string, unknown>) => [
        l.policy_number,
        l.premium,
        l.rate_percent,
        l.commission,
        l.paid,
      ]),
    ).toEqual([
      ['FLD-1001', 1000, 15, 150, false],
      // 2,345.67 x 10% = 234.567 -> 234.57
      ['TTN-77', 2345.67, 10, 234.57, false],
    ]);
    expect(statement.totals).toEqual({
      lines: 2,
      premium: 3345.67,
      commission: 384.57,
      paid: 0,
      payable: 384.57,
      without_rate: 0,
    });
    expect((await call(agentKey, 'get-statement', november)).body.data.totals.lines).toBe(2);
    expect((await call(otherAdminKey, 'get-statement', november)).body.data.totals.lines).toBe(0);
    expect(
      (await call(superKey, 'get-statement', { ...november, company_id: companyId })).body.data.totals.lines,
    ).toBe(2);
    expect((await call(adminKey, 'get-statement', { from: '2026-12-01', to: '2026-11-30' })).statusCode).toBe(
      400,
    );
  });

  it('freezes a paid line at its rate, and lets only admins mark paid or unbind', async () => {
    const [first] = (await call(adminKey, 'get-statement', november)).body.data.lines;
    expect((await call(agentKey, 'set-paid', { ids: [first.id], paid: true })).statusCode).toBe(403);
    expect(
      (await call(otherAdminKey, 'set-paid', { ids: [first.id], paid: true })).body.data.changed,
    ).toEqual([]);
    expect((await call(adminKey, 'set-paid', { ids: [first.id], paid: true })).body.data.changed).toEqual([
      first.id,
    ]);
    await call(adminKey, 'set-rate', {
      carrier: 'natgen_nfip',
      product: 'Primary',
      new_business_percent: 20,
      renewal_percent: 20,
    });
    const after = (await call(adminKey, 'get-statement', november)).body.data;
    expect(after.lines[0]).toMatchObject({ rate_percent: 15, commission: 150, paid: true });
    expect(after.totals).toMatchObject({ paid: 150, payable: 234.57 });
    expect(
      (await call(adminKey, 'get-statement', { ...november, paid: 'payable' })).body.data.totals.lines,
    ).toBe(1);
    expect((await call(adminKey, 'unbind', { id: first.id })).statusCode).toBe(409);
    const second = after.lines[1].id;
    expect((await call(agentKey, 'unbind', { id: second })).statusCode).toBe(403);
    expect((await call(otherAdminKey, 'unbind', { id: second })).statusCode).toBe(404);
  });

  it('exports the statement as CSV with every line', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/commission/export-csv',
      payload: { session_key: adminKey, ...november },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'reference,client_name,carrier,product,business,policy_number,effective_date,premium,rate_percent,commission,paid',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(-5))).toEqual([
      ['2026-11-03', '1000.00', '15', '150.00', 'paid'],
      ['2026-11-20', '2345.67', '10', '234.57', 'payable'],
    ]);
  });

  it('totals of a statement are the sum of its lines, and of a period the sum of its days (property)', async () => {
    const line = fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      cents: fc.integer({ min: 1, max: 50_000_00 }),
      business: fc.constantFrom('new' as const, 'renewal' as const),
      carrier: fc.constantFrom('natgen_nfip', 'titan', 'no_rate_carrier'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        const range = { from: '2031-02-01', to: '2031-02-28' };
        const inserted = [];
        for (const [index, l] of lines.entries()) {
          inserted.push(
            await insertBoundPolicy(t.db, {
              company_id: companyId,
              agent_id: agentId,
              reference: `P-${index}`,
              carrier: l.carrier,
              carrier_name: l.carrier,
              product: 'Primary',
              business: l.business,
              policy_number: `P-${index}`,
              effective_date: `2031-02-${String(l.day).padStart(2, '0')}`,
              premium_cents: l.cents,
            }),
          );
        }
        try {
          const statement = (await call(adminKey, 'get-statement', range)).body.data;
          const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100);
          expect(Math.round(statement.totals.commission * 100)).toBe(
            sum(statement.lines.map((l: { commission: number }) => l.commission)),
          );
          expect(Math.round(statement.totals.premium * 100)).toBe(sum(lines.map((l) => l.cents / 100)));
          expect(statement.totals.without_rate).toBe(
            lines.filter((l) => l.carrier === 'no_rate_carrier').length,
          );
          const days = [...new Set(lines.map((l) => l.day))];
          let byDays = 0;
          for (const day of days) {
            const date = `2031-02-${String(day).padStart(2, '0')}`;
            byDays += Math.round(
              (await call(adminKey, 'get-statement', { from: date, to: date })).body.data.totals.commission *
                100,
            );
          }
          expect(byDays).toBe(Math.round(statement.totals.commission * 100));
        } finally {
          for (const row of inserted) await t.db.delete(boundPolicies).where(eq(boundPolicies.id, row.id));
        }
      }),
      { numRuns: 12 },
    );
  });
});
