/** Builds the router with the auth store and the query client's loader in its context. */
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorPage } from './components/error-page.tsx';
import { setPaymentRequiredHandler, setUnauthorizedHandler } from './lib/api-client.ts';
import { getAuthState, isLoggedIn, patchAuthState } from './lib/auth-store.ts';
import { routeLoadResolved, routeLoadStarted } from './lib/loading-bar.ts';
import { pageViewTransition } from './lib/page-transition.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * Creates the portal router. `loadQueryClient` resolves to the query client (the app's loads its
 * chunk: lib/load-query-client.ts; tests pass their own client); it is called at most once.
 * `history` defaults to the browser's (tests pass a memory history).
 */
export function createAppRouter(loadQueryClient: () => Promise<QueryClient>, history?: RouterHistory) {
  let queryClient: Promise<QueryClient> | null = null;
  const router = createRouter({
    routeTree,
    history,
    context: {
      loadQueryClient: () => {
        queryClient ??= loadQueryClient();
        return queryClient;
      },
      auth: {
        isLoggedIn,
        rememberPath: (path) => patchAuthState({ redirect_back_path_on_login: path }),
        currentUser: () => getAuthState().user,
      },
    },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: () => <ErrorPage status={404} />,
    scrollRestoration: false,
    // SPEC §9: out-in page transition when the path changes (lib/page-transition.ts).
    defaultViewTransition: pageViewTransition,
  });

  // SPEC §8: a 401 returns to the login page, which later brings the user back.
  setUnauthorizedHandler((path) => {
    void router.navigate({
      to: '/auth/$page_type',
      params: { page_type: 'login' },
      search: { redirect: path },
    });
  });

  // A 402 means the trial or subscription ended since sign-in: refresh the company, then plans.
  setPaymentRequiredHandler(() => {
    void import('./lib/me-query.ts')
      .then(({ refreshMe }) => refreshMe())
      .catch(() => undefined)
      .finally(() => void router.navigate({ to: '/dashboard/plans' }));
  });

  // Route loads drive the loading bar too; SPEC §2: scroll to top on every route change.
  router.subscribe('onBeforeLoad', ({ pathChanged }) => {
    if (pathChanged) routeLoadStarted();
  });
  router.subscribe('onResolved', ({ pathChanged }) => {
    routeLoadResolved();
    if (pathChanged) window.scrollTo(0, 0);
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
