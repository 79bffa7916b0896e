/**
 * The portal's side of the one access decision (issue 20, docs/decisions/320): over random roles,
 * plans, permission overrides and subscription states, the navigation shows an area's entry and
 * its pages open exactly when the server answers the area's calls, with `user_accesses_final` as
 * the login answer computes it; the shell renders that navigation.
 */
import { screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShellLayout, visibleNavItems } from '../../portal/components/app-shell-layout.tsx';
import { mayOpenPage, mayUseArea, pageArea } from '../../portal/lib/area-access.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { SUPER_ADMIN_REDIRECTED_PATHS } from '../../portal/lib/constants.ts';
import { ACCESS_RULES, requireCallAccess, userAccessesFinal } from '../../server/access/access-rules.ts';
import type { CompanyRow } from '../../server/db/schema.ts';
import { PLANS } from '../../server/services/plans.ts';
import { ALL_AREAS } from './all-areas.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const now = new Date('2026-06-15T12:00:00Z');
const REDIRECTED: readonly string[] = SUPER_ADMIN_REDIRECTED_PATHS;
const DAY_MS = 86_400_000;

const companies = fc.record({
  plan_id: fc.option(fc.constantFrom(...PLANS.map((plan) => plan.id), 'retired-plan'), { nil: null }),
  permissions: fc.subarray(ALL_AREAS),
  denied_permissions: fc.subarray(ALL_AREAS),
  has_active_subscription: fc.boolean(),
  is_trial_disabled: fc.boolean(),
  trial_ends_at: fc.option(
    fc.integer({ min: -30, max: 30 }).map((days) => new Date(now.getTime() + days * DAY_MS)),
    { nil: null },
  ),
});
const roles = fc.constantFrom('super-admin', 'admin', 'agent', 'customer');

/** Every navigation entry of an area, as a worker granted every area sees them. */
function entriesOf(permission: string): string[] {
  return visibleNavItems({ role: 'admin', user_accesses_final: ALL_AREAS })
    .map((item) => item.to)
    .filter((to) => pageArea(to) === permission);
}

/** True when the server answers every call of the area (no refusal thrown). */
function serverAnswers(role: string, company: CompanyRow, calls: string[]): boolean {
  return calls.every((url) => {
    try {
      requireCallAccess(role, url, company, now);
      return true;
    } catch {
      return false;
    }
  });
}

describe('the portal and the server decide alike', () => {
  it('shows an area in the navigation and opens its pages exactly when the server answers its calls', () => {
    fc.assert(
      fc.property(roles, companies, (role, fields) => {
        const company = fields as unknown as CompanyRow;
        const user = { role, user_accesses_final: userAccessesFinal(role, company, now) };
        const shown = visibleNavItems(user).map((item) => item.to);
        for (const area of ACCESS_RULES.areas) {
          const answered = serverAnswers(role, company, area.calls);
          for (const page of area.pages) expect(mayOpenPage(user, page)).toBe(answered);
          // A feature without pages (API credentials, issue 43) is shown exactly when answered too.
          expect(mayUseArea(user, area.permission)).toBe(answered);
          const entries = shown.filter((to) => pageArea(to) === area.permission);
          // Never shown when refused, nor for an area without pages; shown when answered, but for
          // the agent-only entries a super-admin is redirected from (ADR 090).
          if (!answered || area.pages.length === 0) expect(entries).toEqual([]);
          else if (role !== 'super-admin') expect(entries.length).toBeGreaterThan(0);
          else
            expect(
              entries.length > 0 || entriesOf(area.permission).every((to) => REDIRECTED.includes(to)),
            ).toBe(true);
        }
      }),
    );
  });

  it('opens ungated pages to anyone and a gated one to nobody without user_accesses_final', () => {
    expect(mayOpenPage(null, '/dashboard/plans')).toBe(true);
    expect(mayOpenPage({ role: 'admin' }, '/dashboard/reporting')).toBe(false);
    expect(
      mayOpenPage({ role: 'admin', user_accesses_final: ['reporting'] }, '/dashboard/reporting/analytics'),
    ).toBe(true);
  });
});

describe('the shell navigation', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadAuthFromStorage();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => envelope({ isItWorkingHour: true }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('leaves out Reporting and Analytics for a company without the reporting permission', async () => {
    const granted = ALL_AREAS.filter((area) => area !== 'reporting');
    setSession('sk-1', { id: 2, name: 'Ada Admin', role: 'admin', user_accesses_final: granted }, null);
    renderWithProviders(<AppShellLayout onLogout={() => {}} />);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.textContent).toContain('Commission');
    expect(nav.textContent).not.toContain('Reporting');
    expect(nav.textContent).not.toContain('Analytics');
  });
});
