/** The guards of SPEC §2 (check-auth, redirect-to-dashboard, check-application-id) and the route tree's use of them. */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, isNotFound, isRedirect } from '@tanstack/react-router';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, logout, setSession } from '../../portal/lib/auth-store.ts';
import { createAppRouter } from '../../portal/router.tsx';
import type { RouterContext } from '../../portal/router-context.ts';
import { checkApplicationId, isApplicationId } from '../../portal/routes/-guards/check-application-id.ts';
import { checkAuth } from '../../portal/routes/-guards/check-auth.ts';
import { redirectToDashboard } from '../../portal/routes/-guards/redirect-to-dashboard.ts';
import { ALL_AREAS } from './all-areas.ts';

function context(loggedIn: boolean, remembered: string[] = []): RouterContext {
  return {
    loadQueryClient: async () => new QueryClient(),
    auth: { isLoggedIn: () => loggedIn, rememberPath: (path) => remembered.push(path) },
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

describe('check-auth', () => {
  it('sends a logged-out user to /auth/login remembering the path', () => {
    const remembered: string[] = [];
    const error = thrown(() =>
      checkAuth({ context: context(false, remembered), location: { href: '/agent-portal?address=Main' } }),
    );
    expect(isRedirect(error)).toBe(true);
    const options = (error as { options: { to: string; params: unknown; search: unknown } }).options;
    expect(options.to).toBe('/auth/$page_type');
    expect(options.params).toEqual({ page_type: 'login' });
    expect(options.search).toEqual({ redirect: '/agent-portal?address=Main' });
    expect(remembered).toEqual(['/agent-portal?address=Main']);
  });

  it('lets a logged-in user through', () => {
    expect(
      thrown(() => checkAuth({ context: context(true), location: { href: '/dashboard' } })),
    ).toBeUndefined();
  });
});

describe('redirect-to-dashboard', () => {
  it('sends a logged-in user to /dashboard and leaves a logged-out one on the login page', () => {
    const error = thrown(() => redirectToDashboard({ context: context(true) }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to: string } }).options.to).toBe('/dashboard');
    expect(thrown(() => redirectToDashboard({ context: context(false) }))).toBeUndefined();
  });
});

describe('check-application-id', () => {
  it('accepts exactly the all-digit ids', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const error = thrown(() => checkApplicationId({ params: { application_id: id } }));
        const digits = /^[0-9]+$/.test(id);
        expect(isApplicationId(id)).toBe(digits);
        expect(error === undefined).toBe(digits);
        if (!digits) expect(isNotFound(error)).toBe(true);
      }),
    );
    fc.assert(fc.property(fc.nat(), (n) => isApplicationId(String(n))));
  });
});

describe('the route tree', () => {
  beforeEach(() => {
    localStorage.clear();
    logout();
    const empty = {
      applications: { data: [], total: 0 },
      status_counts: { new: 0, launched: 0, completed: 0 },
    };
    const answer = { status: 'success', code: 200, message: '', data: empty, error_obj: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(answer))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  async function landOn(path: string) {
    const router = createAppRouter(
      async () => new QueryClient(),
      createMemoryHistory({ initialEntries: [path] }),
    );
    await router.load();
    return router.state.location;
  }

  it('redirects a logged-out visit to the login page with the path remembered', async () => {
    const location = await landOn('/agent-portal?address=Main');
    expect(location.pathname).toBe('/auth/login');
    expect((location.search as { redirect?: string }).redirect).toBe('/agent-portal?address=Main');
    expect(getAuthState().redirect_back_path_on_login).toBe('/agent-portal?address=Main');
  });

  it('redirects / and /login, and a logged-in user away from the login page', async () => {
    expect((await landOn('/login')).pathname).toBe('/auth/login');
    setSession('key-1', { id: 1, name: 'Alex Agent', user_accesses_final: ALL_AREAS }, null);
    expect((await landOn('/')).pathname).toBe('/dashboard');
    expect((await landOn('/auth/login')).pathname).toBe('/dashboard');
    // The details with no id are a page of their own now (ADR 373), no longer a redirect.
    expect((await landOn('/agent-portal/application-details')).pathname).toBe(
      '/agent-portal/application-details',
    );
  });
});
