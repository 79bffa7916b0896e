/**
 * The route tree of SPEC §2 Routes (issue 2 scope), code-based: guards are `beforeLoad` on pathless
 * layouts (check-auth, redirect-to-dashboard) and on the details route (check-application-id);
 * loaders prime TanStack Query with the same options the pages read.
 */
import {
  createRootRouteWithContext,
  createRoute,
  type ErrorComponentProps,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
  useNavigate,
} from '@tanstack/react-router';
import { AppShellLayout } from '../components/app-shell-layout.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { applicationsListQueryOptions } from '../features/applications/api/get-agent-applications-list.ts';
import { applicationQueryOptions } from '../features/applications/api/get-application-by-id.ts';
import {
  compactListingSearch,
  type ListingSearch,
  parseListingSearch,
} from '../features/applications/api/listing-search.ts';
import { ApplicationsListing } from '../features/applications/components/applications-listing.tsx';
import { logoutEverywhere } from '../features/auth/api/login.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { dashboardSummaryQueryOptions } from '../features/dashboard/api/get-dashboard-summary.ts';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { ApiRequestError } from '../lib/api-client.ts';
import { takeRedirectBackPath } from '../lib/auth-store.ts';
import { checkApplicationId } from './guards/check-application-id.ts';
import { checkAuth } from './guards/check-auth.ts';
import { redirectToDashboard } from './guards/redirect-to-dashboard.ts';
import type { RouterContext } from './router-context.ts';

/** HTTP-like status of a thrown error: the envelope code of an API error, else 500. */
export function statusOfError(error: unknown): number {
  if (error instanceof ApiRequestError && error.envelope.code) return error.envelope.code;
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : 500;
}

function RouteError({ error }: ErrorComponentProps) {
  return <ErrorPage status={statusOfError(error)} message={error instanceof Error ? error.message : null} />;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
  notFoundComponent: () => <ErrorPage status={404} />,
});

/** Internal path to return to after login: only same-origin paths, never /auth itself. */
function safeReturnPath(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/auth')) return null;
  return path;
}

const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth-layout',
  beforeLoad: redirectToDashboard,
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
});

function LoginRoute() {
  const navigate = useNavigate();
  const search = authPageRoute.useSearch();
  return (
    <LoginPage
      onSignedIn={() => {
        const remembered = takeRedirectBackPath();
        const target = safeReturnPath(search.redirect) ?? safeReturnPath(remembered) ?? '/dashboard';
        void navigate({ href: target, replace: true });
      }}
    />
  );
}

const authPageRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/auth/$page_type',
  validateSearch: (raw: Record<string, unknown>): { redirect?: string } =>
    typeof raw.redirect === 'string' && raw.redirect ? { redirect: raw.redirect } : {},
  // Only the login page exists so far; other page types (forgot, reset) are unknown pages.
  beforeLoad: ({ params }) => {
    if (params.page_type !== 'login') throw notFound();
  },
  component: LoginRoute,
});

function ShellRoute() {
  const navigate = useNavigate();
  return (
    <AppShellLayout
      onLogout={async () => {
        await logoutEverywhere();
        void navigate({ to: '/auth/$page_type', params: { page_type: 'login' } });
      }}
    />
  );
}

const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app-layout',
  beforeLoad: checkAuth,
  component: ShellRoute,
});

const dashboardRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard',
  loader: ({ context }) => {
    // Prime, but render the page's own loading and error states rather than the route error.
    void context.queryClient.prefetchQuery(dashboardSummaryQueryOptions());
  },
  component: DashboardPage,
});

function ListingRoute() {
  const search = parseListingSearch(listingRoute.useSearch());
  const navigate = useNavigate();
  return (
    <ApplicationsListing
      search={search}
      onSearchChange={(next: ListingSearch) =>
        void navigate({ to: '/agent-portal', search: compactListingSearch(next), replace: true })
      }
      onCreated={(id) =>
        void navigate({
          to: '/agent-portal/application-details/$application_id',
          params: { application_id: String(id) },
        })
      }
    />
  );
}

const listingRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/agent-portal',
  // Every key optional in the URL (compacted); pages re-parse to the full shape.
  validateSearch: (raw: Record<string, unknown>): Partial<ListingSearch> =>
    compactListingSearch(parseListingSearch(raw)),
  loaderDeps: ({ search }) => parseListingSearch(search),
  loader: ({ context, deps }) => {
    const { alert: _alert, ...query } = deps;
    void context.queryClient.prefetchQuery(applicationsListQueryOptions(query));
  },
  component: ListingRoute,
});

const detailsIndexRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/agent-portal/application-details',
  beforeLoad: () => {
    throw redirect({ to: '/agent-portal' });
  },
});

const detailsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/agent-portal/application-details/$application_id',
  beforeLoad: checkApplicationId,
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(applicationQueryOptions(Number(params.application_id))),
  // The route that throws renders its own 404, inside the shell (a layout's 404 would replace it).
  notFoundComponent: () => <ErrorPage status={404} />,
  component: lazyRouteComponent(() => import('./application-details-route.tsx')),
  errorComponent: RouteError,
});

const loginRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: () => {
    throw redirect({ to: '/auth/$page_type', params: { page_type: 'login' } });
  },
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  component: () => <ErrorPage status={404} />,
});

// ---- Administration areas (issue 4, admin portal): MGA management and portal settings. --------
// Visible to admins and super-admins; each page renders its own 'You do not have access to this
// page.' state for the other roles, and the server refuses their calls (SPEC §6). Code-split.
const mgaManagementRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/mga-management',
  component: lazyRouteComponent(
    () => import('../features/admin/components/mga-management-page.tsx'),
    'MgaManagementPage',
  ),
});

const portalSettingsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/portal-settings',
  component: lazyRouteComponent(
    () => import('../features/admin/components/portal-settings-page.tsx'),
    'PortalSettingsPage',
  ),
});

const portalSettingsGlobalRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/portal-settings/global',
  component: lazyRouteComponent(
    () => import('../features/admin/components/global-settings-page.tsx'),
    'GlobalSettingsPage',
  ),
});

const portalSettingsEoDetailsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/portal-settings/eo-details',
  component: lazyRouteComponent(
    () => import('../features/admin/components/eo-details-page.tsx'),
    'EoDetailsPage',
  ),
});

const portalSettingsMessagingRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/portal-settings/messaging-console',
  component: lazyRouteComponent(
    () => import('../features/admin/components/messaging-console-page.tsx'),
    'MessagingConsolePage',
  ),
});

/** The administration routes, children of the logged-in layout. */
const adminRoutes = [
  mgaManagementRoute,
  portalSettingsRoute,
  portalSettingsGlobalRoute,
  portalSettingsEoDetailsRoute,
  portalSettingsMessagingRoute,
];
// ---- End of the administration areas. ----------------------------------------------------------

/** The whole route tree. */
export const routeTree = rootRoute.addChildren([
  authLayout.addChildren([authPageRoute]),
  appLayout.addChildren([dashboardRoute, listingRoute, detailsIndexRoute, detailsRoute, ...adminRoutes]),
  loginRedirectRoute,
  indexRoute,
  notFoundRoute,
]);
