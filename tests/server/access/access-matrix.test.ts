/**
 * The access matrix of issue 5: the four roles of SPEC §6, a caller without a session key and one
 * with a revoked key, against every endpoint of the OpenAPI document, on the callers' company's
 * records and on another company's. Every cell is an asserted status; refused writes leave their
 * target unchanged, refusals carry no data and listings show no other company's rows
 * (docs/decisions/106-access-matrix-over-every-endpoint.md). Issue 20: companies lacking each
 * area's permission, on the starter plan, unsubscribed, with a disabled or an expired trial, get
 * the one access decision's refusals on every call of the areas (docs/decisions/320). Issue 43: a
 * row per plan of plans.json, subscribed or not, answers the admin on every call of the areas the
 * plan gives and refuses the others (402, or 403 naming the plan that has the area; ADR 764).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaOfPath } from '../../../access/access-decision.ts';
import {
  ACCESS_RULES,
  notInPlanMessage,
  SUBSCRIPTION_REQUIRED,
} from '../../../server/access/access-rules.ts';
import { type CompanyRow, companies } from '../../../server/db/schema.ts';
import { PLANS } from '../../../server/services/plans.ts';
import { addAccount } from '../helpers/add-account.ts';
import { apiEndpoints } from '../helpers/api-endpoints.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type Cell, checkCall, runCells } from './access-cell.ts';
import { type AccessWorld, buildAccessWorld } from './access-world.ts';
import { accountCells } from './account-cells.ts';
import { applicationCells } from './application-cells.ts';
import { authCells } from './auth-cells.ts';
import { bulkUploadCells } from './bulk-upload-cells.ts';
import { CALLERS } from './callers.ts';
import { carrierCatalogueCells } from './carrier-catalogue-cells.ts';
import { carrierCells } from './carrier-cells.ts';
import { carrierConnectionCells } from './carrier-connection-cells.ts';
import { commissionCells } from './commission-cells.ts';
import { contactCells } from './contact-cells.ts';
import { customerPortalCells } from './customer-portal-cells.ts';
import { outboxCells } from './outbox-cells.ts';
import { passkeyCells } from './passkey-cells.ts';
import { pricePredictorCells } from './price-predictor-cells.ts';
import { propertyDataCells } from './property-data-cells.ts';
import { reportingCells } from './reporting-cells.ts';
import { resourcesCells } from './resources-cells.ts';
import { schemaStudioCells } from './schema-studio-cells.ts';
import { securityCells } from './security-cells.ts';
import { settingsCells } from './settings-cells.ts';
import { textingCells } from './texting-cells.ts';
import { utilityCells } from './utility-cells.ts';
import { webhookCells } from './webhook-cells.ts';

/** The calls and files that need a subscription or trial (402 without): the application callers' guard. */
const SUBSCRIBED_CALL =
  /^POST \/api\/(agent-portal|sov|reporting|commission|resources|texting(?!\/inbound|\/status)|services\/file-upload|price-predictor|property-data)\//;
const SUBSCRIBED_FILE =
  /^GET \/api\/((resources\/)?files?\/|texting\/events|agent-portal\/quote-events|reporting\/downloads\/)/;

/** The cells by area; one test per area, so a failure names its area and its time shows. */
const AREAS: Record<string, (w: AccessWorld) => Cell[]> = {
  'auth, profile and plans': authCells,
  passkeys: passkeyCells,
  'users and companies': accountCells,
  'portal settings and API credentials': settingsCells,
  applications: applicationCells,
  'offline carriers': carrierCells,
  'carrier connections': carrierConnectionCells,
  'carrier catalogue': carrierCatalogueCells,
  utility: utilityCells,
  'schema studio': schemaStudioCells,
  reporting: reportingCells,
  commission: commissionCells,
  resources: resourcesCells,
  'price predictor': pricePredictorCells,
  'property data': propertyDataCells,
  'bulk upload': bulkUploadCells,
  texting: textingCells,
  'customer quotes webhook': webhookCells,
  outbox: outboxCells,
  'customer portal': customerPortalCells,
  'client contacts': contactCells,
  'audit trail': securityCells,
};

const allCells = (w: AccessWorld) => Object.values(AREAS).flatMap((cells) => cells(w));

/** The access area (access/access-areas.json) of a cell's endpoint, or null. */
const areaOfCell = (cell: Cell) => areaOfPath(ACCESS_RULES, cell.endpoint.split(' ')[1], 'calls');

/** A plan no longer offered: a company on it has only its own permissions (docs/decisions/320). */
const RETIRED_PLAN = 'retired-plan';

describe.each(DATABASE_KINDS)('access matrix on %s', (kind) => {
  let t: TestApp;
  let w: AccessWorld;

  beforeAll(async () => {
    t = await startTestApp(kind);
    w = await buildAccessWorld(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(Object.keys(AREAS))(
    'answers every %s cell as the matrix says',
    async (area) => {
      const cells = AREAS[area](w);
      const { problems, calls } = await runCells(w, cells);
      expect(problems).toEqual([]);
      expect(calls).toBe(cells.length * CALLERS.length);
    },
    120_000,
  );

  it('ends a switched-into session with the one it came from: logout at any depth, user deleted', async () => {
    const superKey = w.keys['super-admin'] as string;
    const switchTo = async (key: string, userId: number) => {
      const answer = await t.post('auth/switch-user', { session_key: key, user_id: userId });
      expect(answer.statusCode, answer.body.message).toBe(200);
      return answer.body.data.session_key as string;
    };
    const alive = async (key: string) => (await t.post('auth/me', { session_key: key })).statusCode;

    // super-admin -> admin -> agent; logging out the super-admin's session ends both.
    const origin = await t.loginAs('superadmin@demo.test');
    const asAdmin = await switchTo(origin, w.f.userIds['admin@demo.test']);
    const asAgent = await switchTo(asAdmin, w.own.agentUserId);
    expect([await alive(asAdmin), await alive(asAgent)]).toEqual([200, 200]);
    expect((await t.post('auth/logout', { session_key: origin })).statusCode).toBe(200);
    expect([await alive(asAdmin), await alive(asAgent)]).toEqual([401, 401]);

    // An admin who is deleted loses the session they switched into.
    const email = w.uniqueEmail('admin');
    const created = await t.post('users/create', {
      session_key: superKey,
      name: 'Short Lived',
      email,
      password: 'password-1',
      role: 'admin',
      company_id: w.own.companyId,
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const switched = await switchTo(await t.loginAs(email, 'password-1'), w.own.agentUserId);
    expect(await alive(switched)).toBe(200);
    const deleted = await t.post('users/delete', {
      session_key: superKey,
      user_id: created.body.data.user.id,
    });
    expect(deleted.statusCode, deleted.body.message).toBe(200);
    expect(await alive(switched)).toBe(401);
    expect(await alive(superKey)).toBe(200);
  });

  it('answers 402 to an admin without subscription or trial on every application call and file, changing nothing', async () => {
    const key = await t.loginAs('expired@demo.test');
    const cells = [
      ...applicationCells(w),
      ...carrierCells(w),
      ...reportingCells(w),
      ...commissionCells(w),
      ...resourcesCells(w),
      ...bulkUploadCells(w),
      ...pricePredictorCells(w),
      ...textingCells(w),
      ...propertyDataCells(w),
      ...customerPortalCells(w),
      ...contactCells(w),
    ].filter((cell) => SUBSCRIBED_CALL.test(cell.endpoint) || SUBSCRIBED_FILE.test(cell.endpoint));
    const problems: string[] = [];
    // The expired company's admin asks for the callers' company's records as an admin would.
    for (const cell of cells) problems.push(...(await checkCall(w, cell, 'admin', key, 402)));
    expect(problems).toEqual([]);
    const guarded = apiEndpoints(t.app)
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
      .filter((endpoint) => SUBSCRIBED_CALL.test(endpoint));
    expect(guarded.filter((endpoint) => !cells.some((cell) => cell.endpoint === endpoint))).toEqual([]);
  });

  it('gates exactly the calls of the access areas: every call of an area needing a subscription needs one, and the reverse', () => {
    const endpoints = apiEndpoints(t.app).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    const guarded = endpoints.filter((e) => SUBSCRIBED_CALL.test(e) || SUBSCRIBED_FILE.test(e));
    const inAreas = endpoints.filter((e) => areaOfPath(ACCESS_RULES, e.split(' ')[1], 'calls')?.subscription);
    expect(inAreas).toEqual(guarded);
    // Plan features that are no subscription area (issue 43): partner API keys and SAML set-up.
    expect(
      endpoints
        .filter((e) => areaOfPath(ACCESS_RULES, e.split(' ')[1], 'calls')?.subscription === false)
        .sort(),
    ).toEqual([
      'POST /api/api-credentials/create',
      'POST /api/api-credentials/list',
      'POST /api/api-credentials/revoke',
      'POST /api/api-credentials/rotate',
      'POST /api/api-credentials/update',
      'POST /api/portal-settings/update-saml',
    ]);
  });

  /** Areas some plan lacks: the ones a plan row can refuse (the others pass on every plan). */
  const PLAN_AREAS = ACCESS_RULES.areas.filter((area) =>
    PLANS.some((plan) => !plan.permissions.includes(area.permission)),
  );

  it.each(PLANS.flatMap((plan) => [true, false].map((subscribed) => [plan.id, subscribed, plan] as const)))(
    'plan row %s (subscribed: %s): the admin is answered on every call of the areas plans.json gives the plan, refused the others, changing nothing',
    async (_id, subscribed, plan) => {
      const key = w.keys.admin as string;
      const onPlan = () =>
        t.db
          .update(companies)
          .set({
            plan_id: plan.id,
            has_active_subscription: subscribed,
            trial_ends_at: null,
            permissions: [],
          })
          .where(eq(companies.id, w.own.companyId));
      await onPlan();
      try {
        const me = await t.post('auth/me', { session_key: key });
        const granted = ACCESS_RULES.areas
          .filter((area) => (!area.subscription || subscribed) && plan.permissions.includes(area.permission))
          .map((area) => area.permission);
        expect(me.body.data.user.user_accesses_final).toEqual(granted);
        const problems: string[] = [];
        for (const area of PLAN_AREAS) {
          const cells = allCells(w).filter((cell) => areaOfCell(cell)?.permission === area.permission);
          expect(cells.length).toBeGreaterThan(0);
          for (const cell of cells) {
            // Refused: 402 for an area needing a subscription (first), else 403 naming the plan.
            const refusal = area.subscription && !subscribed ? 402 : 403;
            const expected = granted.includes(area.permission) ? cell.expected[1] : refusal;
            // A cell prepares its target as in the matrix, on the seeded plan (an upload through the
            // agent's bulk upload, a settings write restoring its company); then the row's plan goes on.
            const onRow: Cell = {
              ...cell,
              request: async (caller) => {
                await w.restoreCompany('own');
                const request = await cell.request(caller);
                await onPlan();
                return request;
              },
            };
            problems.push(...(await checkCall(w, onRow, 'admin', key, expected)));
          }
        }
        expect(problems).toEqual([]);
      } finally {
        await w.restoreCompany('own');
      }
    },
    120_000,
  );

  /** An admin (and their session key) of a new company with the given state. */
  async function companyAdmin(name: string, state: Partial<CompanyRow>) {
    const [company] = await t.db
      .insert(companies)
      .values({ name, ...state })
      .returning();
    const email = w.uniqueEmail('area-admin');
    await addAccount(t.db, { email, role: 'admin', companyId: company.id });
    return { companyId: company.id, key: await t.loginAs(email) };
  }

  it.each(ACCESS_RULES.areas.map((area) => [area.permission, area] as const))(
    'answers 403 to a subscribed company without the %s permission on every call of the area, changing nothing',
    async (permission, area) => {
      const others = ACCESS_RULES.areas.map((a) => a.permission).filter((p) => p !== permission);
      const { key } = await companyAdmin(`Without ${permission}`, {
        has_active_subscription: true,
        plan_id: RETIRED_PLAN,
        permissions: others,
      });
      const me = await t.post('auth/me', { session_key: key });
      expect(me.body.data.user.user_accesses_final).toEqual(others);
      const cells = allCells(w).filter((cell) => areaOfCell(cell)?.permission === permission);
      expect(cells.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const cell of cells) {
        const request = await cell.request('admin');
        problems.push(...(await checkCall(w, cell, 'admin', key, 403)));
        if (cell.endpoint.startsWith('POST ') && !request.form && !request.upload) {
          const [, path] = cell.endpoint.split(' ');
          const answer = await t.post(path.replace(/^\/api\//, ''), { session_key: key, ...request.body });
          if (answer.body.message !== notInPlanMessage(area))
            problems.push(`${cell.name}: says "${answer.body.message}"`);
        }
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );

  it('a starter company (no reporting) is refused reporting and still answered in the areas its plan opens', async () => {
    const { key } = await companyAdmin('Starter Agency', {
      has_active_subscription: true,
      plan_id: 'starter',
    });
    const me = await t.post('auth/me', { session_key: key });
    expect(me.body.data.user.user_accesses_final).toEqual([
      'applications',
      'resources',
      'price-predictor',
      'texto',
    ]);
    const report = await t.post('reporting/get-report', { session_key: key });
    expect([report.statusCode, report.body.message, report.body.data]).toEqual([
      403,
      'Your plan does not include Reporting. The Pro plan has it.',
      null,
    ]);
    expect((await t.post('agent-portal/get-agent-applications-list', { session_key: key })).statusCode).toBe(
      200,
    );
    expect((await t.post('resources/list', { session_key: key, kind: 'training_video' })).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['never subscribed, no trial', { has_active_subscription: false, plan_id: 'pro' }],
    [
      'a trial disabled with days left',
      {
        has_active_subscription: false,
        plan_id: 'pro',
        is_trial_disabled: true,
        trial_ends_at: new Date(Date.now() + 5 * 86_400_000),
      },
    ],
    [
      'an expired trial',
      { has_active_subscription: false, trial_ends_at: new Date(Date.now() - 86_400_000) },
    ],
  ] as const)(
    'answers 402 on every area call to a company %s, and grants it no area',
    async (name, state) => {
      const { key, companyId } = await companyAdmin(`Unsubscribed ${name}`, { ...state, permissions: [] });
      const me = await t.post('auth/me', { session_key: key });
      expect(me.body.data.user.user_accesses_final).toEqual([]);
      const problems: string[] = [];
      for (const cell of allCells(w).filter((c) => areaOfCell(c)?.subscription)) {
        problems.push(...(await checkCall(w, cell, 'admin', key, 402)));
      }
      expect(problems).toEqual([]);
      const report = await t.post('reporting/get-report', { session_key: key });
      expect(report.body.message).toBe(SUBSCRIPTION_REQUIRED);
      // Subscribing opens the plan's areas at once.
      await t.db.update(companies).set({ has_active_subscription: true }).where(eq(companies.id, companyId));
      expect(
        (await t.post('auth/me', { session_key: key })).body.data.user.user_accesses_final.length,
      ).toBeGreaterThan(0);
    },
    120_000,
  );

  it('has cells on own and on another company for every endpoint, and only for endpoints', () => {
    const cells = allCells(w);
    const declared = apiEndpoints(t.app).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    const missing = declared.flatMap((endpoint) => {
      const sides = new Set(cells.filter((cell) => cell.endpoint === endpoint).map((cell) => cell.side));
      if (sides.has('none')) return [];
      return (['own', 'other'] as const)
        .filter((side) => !sides.has(side))
        .map((side) => `${endpoint} (${side})`);
    });
    expect(missing).toEqual([]);
    expect(cells.filter((cell) => !declared.includes(cell.endpoint)).map((cell) => cell.endpoint)).toEqual(
      [],
    );
  });
});
