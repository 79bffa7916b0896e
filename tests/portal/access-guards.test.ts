/**
 * Access of issue 4 (SPEC §2 Guards, §6): check-subscription (trial active, expired, disabled,
 * subscription active), the super-admin redirects, the open page, and the route tree's use of
 * them next to check-auth and redirect-to-dashboard.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, isNotFound, isRedirect } from '@tanstack/react-router';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  logout,
  reloadAuthFromStorage,
  type StoredCompany,
  setSession,
} from '../../portal/lib/auth-store.ts';
import { OPEN_PAGE_PATH, SUPER_ADMIN_REDIRECTED_PATHS } from '../../portal/lib/constants.ts';
import { hasSubscriptionAccess, isTrialActive } from '../../portal/lib/subscription-access.ts';
import { createAppRouter } from '../../portal/router.tsx';
import type { RouterContext } from '../../portal/router-context.ts';
import { checkSubscription, needsSubscription } from '../../portal/routes/-guards/check-subscription.ts';
import { redirectSuperAdminToDashboard } from '../../portal/routes/-guards/redirect-super-admin-to-dashboard.ts';
import { ALL_AREAS } from './all-areas.ts';

const TRIAL_ACTIVE: StoredCompany = {
  id: 1,
  name: 'Demo Agency',
  trial_ends_at: '2030-01-10T00:00:00.000Z',
  trial_remaining_days: 9,
  has_active_subscription: false,
  is_trial_disabled: false,
};
const TRIAL_EXPIRED: StoredCompany = {
  ...TRIAL_ACTIVE,
  trial_ends_at: '2020-01-01T00:00:00.000Z',
  trial_remaining_days: 0,
};
const TRIAL_DISABLED: StoredCompany = { ...TRIAL_ACTIVE, is_trial_disabled: true };
const NO_TRIAL: StoredCompany = { ...TRIAL_ACTIVE, trial_ends_at: null, trial_remaining_days: 5 };
const SUBSCRIBED: StoredCompany = { ...TRIAL_EXPIRED, has_active_subscription: true };

function context(user: Record<string, unknown> | null): RouterContext {
  return {
    loadQueryClient: async () => new QueryClient(),
    auth: { isLoggedIn: () => user !== null, rememberPath: () => {}, currentUser: () => user },
  };
}

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

function redirectTarget(error: unknown): string | null {
  return isRedirect(error) ? ((error as { options: { to: string } }).options.to ?? null) : null;
}

describe('check-subscription', () => {
  it.each([
    ['trial active', TRIAL_ACTIVE, null],
    ['trial expired', TRIAL_EXPIRED, '/dashboard/plans'],
    ['trial disabled', TRIAL_DISABLED, '/dashboard/plans'],
    ['remaining days without a trial end date', NO_TRIAL, '/dashboard/plans'],
    ['subscription active (trial over)', SUBSCRIBED, null],
    ['subscription active with the trial disabled', { ...SUBSCRIBED, is_trial_disabled: true }, null],
  ])('%s -> %s', (_label, company, target) => {
    const error = thrown(() => checkSubscription({ context: context({ id: 7, role: 'agent', company }) }));
    expect(redirectTarget(error)).toBe(target);
    if (target === null) expect(error).toBeUndefined();
  });

  it('lets super-admins through whatever their company, as the server never answers them 402', () => {
    const error = thrown(() =>
      checkSubscription({ context: context({ id: 1, role: 'super-admin', company: TRIAL_EXPIRED }) }),
    );
    expect(error).toBeUndefined();
  });

  it('decides exactly by SPEC §6: subscription, or a trial end date with days left and not disabled', () => {
    const arbCompany = fc.record({
      trial_ends_at: fc.option(fc.constantFrom('2030-01-01T00:00:00.000Z', ''), { nil: null }),
      trial_remaining_days: fc.option(fc.integer({ min: -5, max: 40 }), { nil: null }),
      has_active_subscription: fc.boolean(),
      is_trial_disabled: fc.boolean(),
    });
    fc.assert(
      fc.property(arbCompany, fc.constantFrom('admin', 'agent', 'customer'), (company, role) => {
        const trial =
          Boolean(company.trial_ends_at) &&
          (company.trial_remaining_days ?? 0) > 0 &&
          !company.is_trial_disabled;
        expect(isTrialActive(company)).toBe(trial);
        expect(hasSubscriptionAccess(company)).toBe(company.has_active_subscription || trial);
        expect(needsSubscription({ role, company })).toBe(!(company.has_active_subscription || trial));
        const error = thrown(() => checkSubscription({ context: context({ role, company }) }));
        expect(redirectTarget(error)).toBe(
          company.has_active_subscription || trial ? null : '/dashboard/plans',
        );
      }),
    );
  });
});

describe('the super-admin redirect', () => {
  it('sends only super-admins to /dashboard', () => {
    expect(
      redirectTarget(
        thrown(() => redirectSuperAdminToDashboard({ context: context({ role: 'super-admin' }) })),
      ),
    ).toBe('/dashboard');
    for (const role of ['admin', 'agent', 'customer']) {
      expect(thrown(() => redirectSuperAdminToDashboard({ context: context({ role }) }))).toBeUndefined();
    }
  });

  it('names three agent-only pages', () => {
    expect(SUPER_ADMIN_REDIRECTED_PATHS).toHaveLength(3);
    expect(new Set(SUPER_ADMIN_REDIRECTED_PATHS).size).toBe(3);
  });
});

describe('the route tree', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadAuthFromStorage();
    logout();
    const empty = {
      applications: { data: [], total: 0 },
      status_counts: { new: 0, launched: 0, completed: 0 },
      application: { id: 5, status: 'new' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ status: 'success', code: 200, message: '', data: empty })),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  let lastStatus = 0;
  // 404 when a match ended in notFound(), else 200.
  async function landOn(path: string) {
    const router = createAppRouter(
      async () => new QueryClient(),
      createMemoryHistory({ initialEntries: [path] }),
    );
    await router.load();
    lastStatus = router.state.matches.some((match) => isNotFound(match.error)) ? 404 : 200;
    return router.state.location.pathname;
  }

  function signIn(role: string, company: StoredCompany | null) {
    const user_accesses_final = role === 'customer' ? [] : ALL_AREAS;
    setSession(
      'sk-1',
      { id: 7, name: 'Alex', role, agent: role === 'agent' ? { id: 3 } : null, user_accesses_final },
      company,
    );
  }

  it('check-auth: every account page needs a session', async () => {
    for (const path of [
      '/dashboard/profile',
      '/dashboard/plans',
      '/agent-portal',
      '/agent-portal/application-details/5',
    ]) {
      expect(await landOn(path)).toBe('/auth/login');
    }
  });

  it('redirect-to-dashboard: a signed-in user skips every sign-in page', async () => {
    signIn('agent', TRIAL_ACTIVE);
    for (const path of [
      '/auth/login',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/saml-sso-login',
    ]) {
      expect(await landOn(path)).toBe('/dashboard');
    }
  });

  it('the sign-in pages exist for a visitor; other page types are not found', async () => {
    for (const path of [
      '/auth/login',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/saml-sso-login',
    ]) {
      expect(await landOn(path)).toBe(path);
      expect(lastStatus).toBe(200);
    }
    await landOn('/auth/register');
    expect(lastStatus).toBe(404);
  });

  it('an expired trial is sent from the application routes to plans, but profile and plans stay open', async () => {
    signIn('agent', TRIAL_EXPIRED);
    expect(await landOn('/agent-portal')).toBe('/dashboard/plans');
    expect(await landOn('/agent-portal/application-details/5')).toBe('/dashboard/plans');
    expect(await landOn('/dashboard/profile')).toBe('/dashboard/profile');
    expect(await landOn('/dashboard/plans')).toBe('/dashboard/plans');
    expect(await landOn('/dashboard')).toBe('/dashboard');
  });

  it('an active trial or subscription reaches the application routes', async () => {
    signIn('agent', TRIAL_ACTIVE);
    expect(await landOn('/agent-portal')).toBe('/agent-portal');
    signIn('admin', SUBSCRIBED);
    expect(await landOn('/agent-portal/application-details/5')).toBe('/agent-portal/application-details/5');
  });

  it('a super-admin is sent from the agent-only listing to /dashboard but may open an application', async () => {
    signIn('super-admin', null);
    expect(await landOn('/agent-portal')).toBe('/dashboard');
    expect(await landOn('/agent-portal/application-details/5')).toBe('/agent-portal/application-details/5');
  });

  it('the open page needs no login and no subscription', async () => {
    expect(await landOn(OPEN_PAGE_PATH)).toBe(OPEN_PAGE_PATH);
    signIn('agent', TRIAL_EXPIRED);
    expect(await landOn(OPEN_PAGE_PATH)).toBe(OPEN_PAGE_PATH);
  });
});
