/**
 * The one access decision of issue 20 (access/ and server/access, docs/decisions/320-one-access-decision.md):
 * a table of cases over the real rules, its properties over random subjects, the area of a page
 * or call, the company's permissions from its plan, additions and removals (issue 43, ADR 764: a
 * property that every call is decided as plans.json + additions - removals), the refusal messages,
 * and the rules data itself (every permission a plan lists gates an area; the top plan opens every
 * area; partner API keys and SAML are the agency plan's).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccessSubject,
  areaOfPath,
  companyPermissions,
  decideAccess,
  grantedAreas,
  trialActive,
} from '../../../access/access-decision.ts';
import {
  ACCESS_RULES,
  accessSubjectOf,
  notInPlanMessage,
  refusalMessage,
  requireCallAccess,
  SUBSCRIPTION_REQUIRED,
  userAccessesFinal,
} from '../../../server/access/access-rules.ts';
import type { CompanyRow } from '../../../server/db/schema.ts';
import { ApiError } from '../../../server/http/api-error.ts';
import { DAY_MS, isTrialActive } from '../../../server/services/company-status.ts';
import { FORBIDDEN_MESSAGE } from '../../../server/services/owned-application.ts';
import { PLANS } from '../../../server/services/plans.ts';

const AREAS = ACCESS_RULES.areas;
const PERMISSIONS = AREAS.map((area) => area.permission);
const ROLES = ['super-admin', 'admin', 'agent', 'customer'] as const;
const reporting = AREAS.find((area) => area.permission === 'reporting');
if (!reporting) throw new Error('the rules have no reporting area');

const subject = (patch: Partial<AccessSubject>): AccessSubject => ({
  role: 'admin',
  permissions: PERMISSIONS,
  has_active_subscription: true,
  trial_remaining_days: 0,
  is_trial_disabled: false,
  ...patch,
});

const subjects = fc.record({
  role: fc.constantFrom(...ROLES),
  permissions: fc.subarray(PERMISSIONS),
  has_active_subscription: fc.boolean(),
  trial_remaining_days: fc.nat({ max: 60 }),
  is_trial_disabled: fc.boolean(),
});

describe('the access decision', () => {
  it.each<[string, Partial<AccessSubject>, string]>([
    ['an admin with the permission and a subscription', {}, 'allowed'],
    ['an agent with the permission and a subscription', { role: 'agent' }, 'allowed'],
    ['a customer, whatever the company', { role: 'customer' }, '403 role'],
    ['an admin without the permission', { permissions: ['applications'] }, '403 permission'],
    ['an admin on an active trial', { has_active_subscription: false, trial_remaining_days: 3 }, 'allowed'],
    [
      'an admin whose trial ended',
      { has_active_subscription: false, trial_remaining_days: 0 },
      '402 subscription',
    ],
    [
      'an admin whose trial is disabled',
      { has_active_subscription: false, trial_remaining_days: 3, is_trial_disabled: true },
      '402 subscription',
    ],
    [
      'a disabled trial beside a subscription',
      { trial_remaining_days: 3, is_trial_disabled: true },
      'allowed',
    ],
    [
      'an expired company without the permission (subscription first)',
      { has_active_subscription: false, permissions: [] },
      '402 subscription',
    ],
    [
      'a super-admin without permission or subscription',
      { role: 'super-admin', permissions: [], has_active_subscription: false },
      'allowed',
    ],
    ['an unknown role', { role: 'visitor' }, '403 role'],
  ])('reporting for %s: %s', (_name, patch, expected) => {
    const decision = decideAccess(ACCESS_RULES, subject(patch), reporting);
    expect(decision.allowed ? 'allowed' : `${decision.status} ${decision.reason}`).toBe(expected);
  });

  it('grants exactly the areas it allows, in the rules order', () => {
    fc.assert(
      fc.property(subjects, (s) => {
        const expected = AREAS.filter((area) => decideAccess(ACCESS_RULES, s, area).allowed).map(
          (area) => area.permission,
        );
        expect(grantedAreas(ACCESS_RULES, s)).toEqual(expected);
      }),
    );
  });

  it('opens every area to a super-admin and none to a customer, whatever the company', () => {
    fc.assert(
      fc.property(subjects, (s) => {
        expect(grantedAreas(ACCESS_RULES, { ...s, role: 'super-admin' })).toEqual(PERMISSIONS);
        expect(grantedAreas(ACCESS_RULES, { ...s, role: 'customer' })).toEqual([]);
      }),
    );
  });

  it('allows an admin or agent of its roles an area exactly with its permission and, when it needs one, a subscription or live trial', () => {
    fc.assert(
      fc.property(subjects, fc.constantFrom(...AREAS), (s, area) => {
        const worker = { ...s, role: s.role === 'customer' || s.role === 'super-admin' ? 'agent' : s.role };
        const paying = !area.subscription || worker.has_active_subscription || trialActive(worker);
        const decision = decideAccess(ACCESS_RULES, worker, area);
        const ofRole = area.roles.includes(worker.role);
        expect(decision.allowed).toBe(ofRole && paying && worker.permissions.includes(area.permission));
        if (ofRole && !paying)
          expect(decision).toMatchObject({ allowed: false, status: 402, reason: 'subscription' });
      }),
    );
  });

  it('never lets a permission outside the set open an area, and adding one never closes an area', () => {
    fc.assert(
      fc.property(subjects, fc.constantFrom(...PERMISSIONS), (s, extra) => {
        const before = grantedAreas(ACCESS_RULES, s);
        const after = grantedAreas(ACCESS_RULES, { ...s, permissions: [...s.permissions, extra] });
        expect(before.every((permission) => after.includes(permission))).toBe(true);
        if (s.role !== 'super-admin')
          expect(before.every((permission) => s.permissions.includes(permission))).toBe(true);
      }),
    );
  });
});

describe('the area of a page or call', () => {
  it.each([
    ['/dashboard/reporting', 'pages', 'reporting'],
    ['/dashboard/reporting/analytics', 'pages', 'reporting'],
    ['/dashboard/reportingx', 'pages', null],
    ['/dashboard', 'pages', null],
    ['/dashboard/plans', 'pages', null],
    ['/agent-portal/application-details/12', 'pages', 'applications'],
    ['/sov-quote/c1/12', 'pages', 'applications'],
    ['/dashboard/texto', 'pages', 'texto'],
    ['/api/reporting/get-report', 'calls', 'reporting'],
    ['/api/files/:id', 'calls', 'applications'],
    ['/api/services/file-upload/get-upload', 'calls', 'bulk-upload'],
    ['/api/resources/file/:id', 'calls', 'resources'],
    ['/api/users/list', 'calls', null],
  ] as const)('%s (%s) is in %s', (path, kind, expected) => {
    expect(areaOfPath(ACCESS_RULES, path, kind)?.permission ?? null).toBe(expected);
  });

  it('picks the longest covering entry', () => {
    const rules = {
      ...ACCESS_RULES,
      areas: [
        { ...reporting, permission: 'outer', pages: ['/a'] },
        { ...reporting, permission: 'inner', pages: ['/a/b'] },
      ],
    };
    expect(areaOfPath(rules, '/a/b/c', 'pages')?.permission).toBe('inner');
    expect(areaOfPath(rules, '/a/c', 'pages')?.permission).toBe('outer');
  });
});

describe("a company's permissions", () => {
  const plan = (id: string) => PLANS.find((entry) => entry.id === id)?.permissions ?? [];

  it('are its plan’s and its own overrides, without repeats', () => {
    expect(
      companyPermissions(ACCESS_RULES, PLANS, { plan_id: 'starter', permissions: ['reporting'] }),
    ).toEqual([...plan('starter'), 'reporting']);
    expect(companyPermissions(ACCESS_RULES, PLANS, { plan_id: 'pro', permissions: ['reporting'] })).toEqual(
      plan('pro'),
    );
  });

  it('are the default plan’s without a chosen plan, and only the overrides with an unknown one', () => {
    expect(companyPermissions(ACCESS_RULES, PLANS, { plan_id: null, permissions: [] })).toEqual(
      plan(ACCESS_RULES.default_plan),
    );
    expect(companyPermissions(ACCESS_RULES, PLANS, { plan_id: 'gone', permissions: ['texto'] })).toEqual([
      'texto',
    ]);
  });

  it('leave reporting, commission and bulk upload out of the starter plan and put them in pro and agency', () => {
    for (const permission of ['reporting', 'commission', 'bulk-upload']) {
      expect(plan('starter')).not.toContain(permission);
      expect(plan('pro')).toContain(permission);
      expect(plan('agency')).toContain(permission);
    }
  });

  it('keep partner API keys and SAML sign-in to the agency plan, as the plans page sells them (issue 43)', () => {
    for (const permission of ['api-credentials', 'saml']) {
      expect(plan('starter')).not.toContain(permission);
      expect(plan('pro')).not.toContain(permission);
      expect(plan('agency')).toContain(permission);
    }
  });

  it('name only areas of the rules, and the top plan opens every area (the demo company is on it)', () => {
    for (const entry of PLANS) expect(PERMISSIONS).toEqual(expect.arrayContaining(entry.permissions));
    expect([...plan('agency')].sort()).toEqual([...PERMISSIONS].sort());
    expect(PLANS.map((entry) => entry.id)).toContain(ACCESS_RULES.default_plan);
  });

  it('sell nothing gated outside `permissions`: no feature line names an area (the page lists the areas itself)', () => {
    const labels = AREAS.map((area) => area.label.toLowerCase());
    for (const entry of PLANS)
      for (const feature of entry.features)
        expect(labels.filter((label) => feature.toLowerCase().includes(label))).toEqual([]);
  });

  it('lose a removed area whatever gives it: the plan or the additions', () => {
    expect(
      companyPermissions(ACCESS_RULES, PLANS, {
        plan_id: 'agency',
        permissions: ['reporting'],
        denied_permissions: ['reporting', 'saml'],
      }),
    ).toEqual(plan('agency').filter((permission) => permission !== 'reporting' && permission !== 'saml'));
    expect(
      companyPermissions(ACCESS_RULES, PLANS, {
        plan_id: 'starter',
        permissions: ['saml'],
        denied_permissions: ['saml'],
      }),
    ).toEqual(plan('starter'));
  });

  it('decide every call as plans.json + additions - removals over random companies (issue 43)', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const companies = fc.record({
      plan_id: fc.option(fc.constantFrom(...PLANS.map((entry) => entry.id), 'retired-plan'), { nil: null }),
      permissions: fc.subarray(PERMISSIONS),
      denied_permissions: fc.subarray(PERMISSIONS),
      has_active_subscription: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), companies, (role, fields) => {
        const row = { ...fields, trial_ends_at: null, is_trial_disabled: false } as CompanyRow;
        // The model, from the files alone: the plan's list (the default plan's without one), plus
        // the additions, minus the removals.
        const planList = plan(fields.plan_id ?? ACCESS_RULES.default_plan);
        const has = (permission: string) =>
          (planList.includes(permission) || fields.permissions.includes(permission)) &&
          !fields.denied_permissions.includes(permission);
        const expected = AREAS.filter(
          (area) =>
            area.roles.includes(role) &&
            (role === 'super-admin' ||
              ((!area.subscription || fields.has_active_subscription) && has(area.permission))),
        ).map((area) => area.permission);
        expect(userAccessesFinal(role, row, now)).toEqual(expected);
        for (const area of AREAS) {
          const call = area.calls[0];
          let answered = true;
          try {
            requireCallAccess(role, call, row, now);
          } catch {
            answered = false;
          }
          expect(answered).toBe(expected.includes(area.permission));
        }
      }),
    );
  });
});

describe('the server side', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const company = (patch: Partial<CompanyRow>) =>
    ({
      plan_id: 'starter',
      permissions: [],
      denied_permissions: [],
      has_active_subscription: true,
      trial_ends_at: null,
      is_trial_disabled: false,
      ...patch,
    }) as CompanyRow;
  const refusal = (call: () => void) => {
    try {
      call();
      return 'allowed';
    } catch (error) {
      return error instanceof ApiError ? `${error.statusCode} ${error.message}` : String(error);
    }
  };

  it('refuses calls with the SPEC §8 statuses and messages', () => {
    const url = '/api/reporting/get-report';
    expect(refusal(() => requireCallAccess('admin', url, company({}), now))).toBe(
      '403 Your plan does not include Reporting. The Pro plan has it.',
    );
    expect(
      refusal(() =>
        requireCallAccess('admin', '/api/api-credentials/create', company({ plan_id: 'pro' }), now),
      ),
    ).toBe('403 Your plan does not include API credentials. The Agency plan has it.');
    expect(
      refusal(() =>
        requireCallAccess(
          'admin',
          '/api/portal-settings/update-saml',
          company({ plan_id: 'agency', denied_permissions: ['saml'] }),
          now,
        ),
      ),
    ).toBe('403 Your plan does not include SAML sign-in. The Agency plan has it.');
    expect(refusal(() => requireCallAccess('admin', url, company({ plan_id: 'pro' }), now))).toBe('allowed');
    expect(refusal(() => requireCallAccess('customer', url, company({ plan_id: 'pro' }), now))).toBe(
      `403 ${FORBIDDEN_MESSAGE}`,
    );
    expect(
      refusal(() =>
        requireCallAccess('admin', url, company({ plan_id: 'pro', has_active_subscription: false }), now),
      ),
    ).toBe(`402 ${SUBSCRIPTION_REQUIRED}`);
    expect(refusal(() => requireCallAccess('admin', url, null, now))).toBe(`402 ${SUBSCRIPTION_REQUIRED}`);
    expect(refusal(() => requireCallAccess('super-admin', url, null, now))).toBe('allowed');
  });

  it('fails loudly (a server bug) for a guarded call no area covers', () => {
    expect(refusal(() => requireCallAccess('admin', '/api/users/list', company({}), now))).toBe(
      'Error: no access area covers the call /api/users/list',
    );
    expect(refusal(() => requireCallAccess('admin', undefined, company({}), now))).toBe(
      'Error: no access area covers the call undefined',
    );
  });

  it('words each refusal', () => {
    expect(notInPlanMessage({ label: 'Bulk upload', permission: 'bulk-upload' })).toBe(
      'Your plan does not include Bulk upload. The Pro plan has it.',
    );
    expect(notInPlanMessage({ label: 'Nothing sold', permission: 'unsold' })).toBe(
      'Your plan does not include Nothing sold.',
    );
    expect(refusalMessage({ reason: 'role', status: 403 }, reporting)).toBe('Forbidden.');
    expect(refusalMessage({ reason: 'subscription', status: 402 }, reporting)).toBe('Subscription required.');
    expect(refusalMessage({ reason: 'permission', status: 403 }, reporting)).toBe(
      'Your plan does not include Reporting. The Pro plan has it.',
    );
  });

  it('takes the trial state from the trial end, the disabled flag and the subscription', () => {
    const offset = fc.integer({ min: -400 * DAY_MS, max: 400 * DAY_MS });
    fc.assert(
      fc.property(
        fc.option(offset, { nil: null }),
        fc.boolean(),
        fc.boolean(),
        (ms, disabled, subscribed) => {
          const row = company({
            plan_id: 'pro',
            has_active_subscription: subscribed,
            is_trial_disabled: disabled,
            trial_ends_at: ms === null ? null : new Date(now.getTime() + ms),
          });
          const granted = userAccessesFinal('agent', row, now);
          expect(granted.length > 0).toBe(subscribed || isTrialActive(row, now));
          expect(trialActive(accessSubjectOf('agent', row, now))).toBe(isTrialActive(row, now));
        },
      ),
    );
  });
});
