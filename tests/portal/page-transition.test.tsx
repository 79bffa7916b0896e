/**
 * The out-in page transition (SPEC §9, ADR 370): a path change starts a view transition of type
 * "page", a search change or reduced motion none; the leaving page fades out, then the coming one
 * fades in, each at most 150 ms; the shell holds one page area, with the new page in it at once.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAGE_AREA_NAME,
  PAGE_IN_MS,
  PAGE_OUT_MS,
  pageTransitionCss,
  pageTransitionTypes,
} from '../../portal/lib/page-transition.ts';
import { ALL_AREAS } from './all-areas.ts';
import { mediaQueryList } from './media-query-list.ts';
import { renderAppAt, shellAnswer } from './render-app-at.tsx';
import { envelope, mockFetch } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

type TransitionParams = { update: () => unknown; types: string[] } | (() => unknown);

describe('pageTransitionTypes', () => {
  const shown = { pathname: '/dashboard' };
  it('gives a path change the page type, and a search change or reduced motion no transition', () => {
    expect(pageTransitionTypes({ pathChanged: true, fromLocation: shown }, false)).toEqual(['page']);
    expect(pageTransitionTypes({ pathChanged: false, fromLocation: shown }, false)).toBe(false);
    expect(pageTransitionTypes({ pathChanged: true, fromLocation: shown }, true)).toBe(false);
  });

  it("gives the document's first page no transition: nothing leaves (ADR 785)", () => {
    expect(pageTransitionTypes({ pathChanged: true, fromLocation: undefined }, false)).toBe(false);
  });
});

describe('pageTransitionCss', () => {
  const css = pageTransitionCss();

  it('fades the old page out, then the new one in after the fade-out (out-in), each at most 150 ms', () => {
    expect(PAGE_OUT_MS).toBeLessThanOrEqual(150);
    expect(PAGE_IN_MS).toBeLessThanOrEqual(150);
    expect(css).toContain(
      `html:active-view-transition-type(page)::view-transition-old(${PAGE_AREA_NAME}){animation:page-out ${PAGE_OUT_MS}ms`,
    );
    // The new page's animation is delayed by exactly the fade-out: it starts when the old is gone.
    expect(css).toMatch(
      new RegExp(
        `::view-transition-new\\(${PAGE_AREA_NAME}\\)\\{animation:page-in ${PAGE_IN_MS}ms ease-out ${PAGE_OUT_MS}ms both`,
      ),
    );
  });

  it('keeps the shell still and turns every animation off for reduced motion', () => {
    expect(css).toContain('::view-transition-old(root),::view-transition-new(root){animation:none}');
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\{[^}]*animation:none!important/);
  });
});

describe('the router and the shell', () => {
  let transitions: TransitionParams[];

  beforeEach(() => {
    signInSampleAgentRecordingToasts();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch((path) => {
      if (path === 'auth/me')
        return envelope({ user: { id: 7, name: 'Alex', role: 'agent', user_accesses_final: ALL_AREAS } });
      // The plans page reads its answer as the server documents it (no plans on offer here).
      if (path === 'plans/list')
        return envelope({
          plans: [],
          current_plan_id: null,
          has_active_subscription: false,
          is_trial_active: true,
          trial_remaining_days: 10,
          billing_portal_configured: false,
        });
      // The profile page's Passkeys card reads its list as documented (none yet).
      if (path === 'auth/mfa/passkeys-list') return envelope({ passkeys: [] });
      return shellAnswer(path);
    });
    transitions = [];
    vi.stubGlobal('CSS', { supports: () => true });
    vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, false));
    Object.defineProperty(document, 'startViewTransition', {
      configurable: true,
      value: (params: TransitionParams) => {
        transitions.push(params);
        const done = Promise.resolve().then(() =>
          typeof params === 'function' ? params() : params.update(),
        );
        return { updateCallbackDone: done, finished: done, ready: done, skipTransition() {} };
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'startViewTransition');
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('starts a page transition when the path changes, none when only the search changes', async () => {
    const { router, container } = await renderAppAt('/dashboard/profile');
    // The first page came in without one (ADR 785).
    expect(transitions).toEqual([]);

    await router.navigate({ to: '/dashboard/plans' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plans'));
    expect(transitions).toHaveLength(1);
    expect(transitions[0]).toMatchObject({ types: ['page'] });

    await router.navigate({ to: '/dashboard/plans', search: { checkout: 'cancelled' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ checkout: 'cancelled' }));
    expect(transitions).toHaveLength(1);

    // One page area, named for the transition, holding the new page only.
    const areas = container.querySelectorAll('[data-page-area]');
    expect(areas).toHaveLength(1);
    expect((areas[0] as HTMLElement).style.viewTransitionName).toBe(PAGE_AREA_NAME);
    await screen.findByRole('navigation', { name: 'Main navigation' });
  });
});
