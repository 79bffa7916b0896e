/**
 * The route tree of SPEC §2 Routes, code-based: guards are `beforeLoad` on pathless layouts
 * (check-auth, redirect-to-dashboard, check-subscription, the super-admin redirect) and on the
 * details route (check-application-id);
 * loaders prime TanStack Query with the same options the pages read. The query client and the
 * query modules (whose hooks the pages use) are imported by the loaders of the routes that need
 * them, not by the sign-in pages (ADR 540).
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
  useRouter,
} from '@tanstack/react-router';
import { use } from 'react';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { PageLayout } from '../components/page-layout.tsx';
import {
  compactListingSearch,
  type ListingSearch,
  parseListingSearch,
} from '../features/applications/api/listing-search.ts';
import {
  COMMERCIAL_FLOOD_ENTRY,
  EXCESS_FLOOD_ENTRY,
  type ProductEntry,
} from '../features/applications/components/product-entries.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import type { PlansSearch } from '../features/plans/components/plans-page.tsx';
import { isSovQuoteNotFoundReason } from '../features/sov-quote/api/sov-quote-types.ts';
import { SovQuoteNotFound } from '../features/sov-quote/components/sov-quote-not-found.tsx';
import { ApiRequestError } from '../lib/api-client.ts';
import { takeRedirectBackPath, useAuth } from '../lib/auth-store.ts';
import { checkApplicationId } from './guards/check-application-id.ts';
import { checkAreaAccess } from './guards/check-area-access.ts';
import { checkAuth } from './guards/check-auth.ts';
import { checkSubscription } from './guards/check-subscription.ts';
import { denyCustomer } from './guards/deny-customer.ts';
import { redirectSuperAdminToDashboard } from './guards/redirect-super-admin-to-dashboard.ts';
import { redirectToDashboard } from './guards/redirect-to-dashboard.ts';
import type { RouterContext } from './router-context.ts';

/*
 * Every page is loaded with its route (issue 18, first page weight): the sign-in pages and the
 * guards are all the first load holds. A route whose component wraps a page awaits the page's
 * chunk in its loader, so it renders once, loaded.
 */
const ForgotPasswordPage = lazyRouteComponent(
  () => import('../features/auth/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyRouteComponent(
  () => import('../features/auth/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const SamlSsoLoginPage = lazyRouteComponent(
  () => import('../features/auth/components/saml-sso-login-page.tsx'),
  'SamlSsoLoginPage',
);
const ShellRoute = lazyRouteComponent(() => import('./shell-route.tsx'), 'ShellRoute');
const DashboardPage = lazyRouteComponent(
  () => import('../features/dashboard/components/dashboard-page.tsx'),
  'DashboardPage',
);
const CustomerDashboardPage = lazyRouteComponent(
  () => import('../features/customer-portal/components/customer-dashboard-page.tsx'),
  'CustomerDashboardPage',
);
const QuoteViewPage = lazyRouteComponent(
  () => import('../features/customer-portal/components/quote-view-page.tsx'),
  'QuoteViewPage',
);
const PlansPage = lazyRouteComponent(
  () => import('../features/plans/components/plans-page.tsx'),
  'PlansPage',
);
const ApiPartnerPage = lazyRouteComponent(
  () => import('../features/api-partner/components/api-partner-page.tsx'),
  'ApiPartnerPage',
);
const BulkUploadPage = lazyRouteComponent(
  () => import('../features/bulk-upload/components/bulk-upload-page.tsx'),
  'BulkUploadPage',
);
const ApplicationsListing = lazyRouteComponent(
  () => import('../features/applications/components/applications-listing.tsx'),
  'ApplicationsListing',
);
const NewApplicationPage = lazyRouteComponent(
  () => import('../features/applications/components/new-application-page.tsx'),
  'NewApplicationPage',
);
const ProductEntryPage = lazyRouteComponent(
  () => import('../features/applications/components/product-entry-page.tsx'),
  'ProductEntryPage',
);

/** Loader of a layout whose pages read queries: resolves once the query client has loaded. */
async function loadQueryClientFor({ context }: { context: RouterContext }): Promise<void> {
  await context.loadQueryClient();
}

/** Loads the chunks of the pages a wrapping route component renders. */
async function loadPages(...pages: { preload?: () => Promise<void> | undefined }[]): Promise<void> {
  await Promise.all(pages.map((page) => page.preload?.()));
}

/** HTTP-like status of a thrown error: the envelope code of an API error, else 500. */
export function statusOfError(error: unknown): number {
  if (error instanceof ApiRequestError && error.envelope.code) return error.envelope.code;
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : 500;
}

function RouteError({ error }: ErrorComponentProps) {
  return <ErrorPage status={statusOfError(error)} message={error instanceof Error ? error.message : null} />;
}

/**
 * Page Not Found: inside the shell, whose navigation is the way back, for a signed-in user (the
 * shell reads queries: the page suspends until the query client has loaded).
 */
function NotFoundPage() {
  const { session_key } = useAuth();
  const { loadQueryClient } = useRouter().options.context as RouterContext;
  if (!session_key) return <ErrorPage status={404} />;
  use(loadQueryClient());
  return (
    <ShellRoute>
      <ErrorPage status={404} />
    </ShellRoute>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  // The not-found page renders the lazily loaded shell.
  wrapInSuspense: true,
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

/* ---- Sign-in pages (issue 4, portal auth): /auth/{page_type} and /auth/saml-sso-login ---- */

/** Page types of /auth/{page_type}; any other is a 404. SPEC §2. */
const AUTH_PAGE_TYPES = ['login', 'forgot-password', 'reset-password'] as const;

/** Sends a signed-in user where they were going: ?redirect=, the remembered path, or /dashboard. */
function useGoAfterSignIn(redirectParam: string | undefined) {
  const navigate = useNavigate();
  return () => {
    const remembered = takeRedirectBackPath();
    const target = safeReturnPath(redirectParam) ?? safeReturnPath(remembered) ?? '/dashboard';
    void navigate({ href: target, replace: true });
  };
}

function AuthPageRoute() {
  const navigate = useNavigate();
  const { page_type } = authPageRoute.useParams();
  const search = authPageRoute.useSearch();
  const goAfterSignIn = useGoAfterSignIn(search.redirect);
  if (page_type === 'forgot-password') return <ForgotPasswordPage />;
  if (page_type === 'reset-password') {
    return (
      <ResetPasswordPage
        token={search.token}
        invitation={search.invite}
        onReset={() =>
          void navigate({ to: '/auth/$page_type', params: { page_type: 'login' }, replace: true })
        }
      />
    );
  }
  return <LoginPage onSignedIn={goAfterSignIn} />;
}

const authPageRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/auth/$page_type',
  validateSearch: (
    raw: Record<string, unknown>,
  ): { redirect?: string; token?: string; invite?: boolean } => ({
    ...(typeof raw.redirect === 'string' && raw.redirect ? { redirect: raw.redirect } : {}),
    ...(typeof raw.token === 'string' && raw.token ? { token: raw.token } : {}),
    // An invitation's link (issue 16); the router may parse `1` as a number.
    ...(raw.invite === 1 || raw.invite === '1' ? { invite: true } : {}),
  }),
  beforeLoad: ({ params }) => {
    if (!(AUTH_PAGE_TYPES as readonly string[]).includes(params.page_type)) throw notFound();
  },
  // The login page is in the first load; the others load with their page type.
  loader: ({ params }) => {
    if (params.page_type === 'forgot-password') return loadPages(ForgotPasswordPage);
    if (params.page_type === 'reset-password') return loadPages(ResetPasswordPage);
  },
  component: AuthPageRoute,
});

function SamlSsoLoginRoute() {
  const search = samlSsoLoginRoute.useSearch();
  const goAfterSignIn = useGoAfterSignIn(undefined);
  return <SamlSsoLoginPage sessionKey={search.session_key} error={search.error} onSignedIn={goAfterSignIn} />;
}

const samlSsoLoginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/auth/saml-sso-login',
  validateSearch: (raw: Record<string, unknown>): { session_key?: string; error?: string } => ({
    ...(typeof raw.session_key === 'string' && raw.session_key ? { session_key: raw.session_key } : {}),
    ...(typeof raw.error === 'string' && raw.error ? { error: raw.error } : {}),
  }),
  loader: () => loadPages(SamlSsoLoginPage),
  component: SamlSsoLoginRoute,
});

/* ---- end of sign-in pages ---- */

const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app-layout',
  beforeLoad: checkAuth,
  loader: loadQueryClientFor,
  component: ShellRoute,
});

/** /dashboard: a customer's own applications and quotes (issue 16), everyone else's widgets. */
function DashboardRoute() {
  const { user } = useAuth();
  return user?.role === 'customer' ? <CustomerDashboardPage /> : <DashboardPage />;
}

const dashboardRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard',
  loader: async ({ context }) => {
    // Prime, but render the page's own loading and error states rather than the route error.
    const customer = context.auth.currentUser?.()?.role === 'customer';
    const page = loadPages(customer ? CustomerDashboardPage : DashboardPage);
    if (customer) {
      const [queryClient, { myApplicationsQueryOptions }] = await Promise.all([
        context.loadQueryClient(),
        import('../features/customer-portal/api/get-my-applications.ts'),
      ]);
      void queryClient.prefetchQuery(myApplicationsQueryOptions());
    } else {
      const [queryClient, { dashboardSummaryQueryOptions }] = await Promise.all([
        context.loadQueryClient(),
        import('../features/dashboard/api/get-dashboard-summary.ts'),
      ]);
      void queryClient.prefetchQuery(dashboardSummaryQueryOptions());
    }
    return page;
  },
  component: DashboardRoute,
});

/* ---- Access layouts (issue 4, portal auth): check-subscription and the super-admin redirect ---- */

/** Application routes and the texting page: a company without subscription or trial goes to plans. */
const subscriptionLayout = createRoute({
  getParentRoute: () => appLayout,
  id: 'subscription-layout',
  // Customers first (issue 16): "Access denied" inside the shell, not plans or failed calls.
  // Then the area's access decision (issue 20): a page outside user_accesses_final is "Access denied".
  beforeLoad: (options) => {
    denyCustomer(options);
    checkSubscription(options);
    checkAreaAccess(options);
  },
  errorComponent: RouteError,
});

/** The agent-only pages of SUPER_ADMIN_REDIRECTED_PATHS (ADR 090): a super-admin goes to /dashboard. */
const agentOnlyLayout = createRoute({
  getParentRoute: () => subscriptionLayout,
  id: 'agent-only-layout',
  beforeLoad: redirectSuperAdminToDashboard,
});

/** Account pages open to every signed-in user whatever the subscription (plans is where the guard sends them). */
const profileRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/profile',
  component: lazyRouteComponent(
    () => import('../features/profile/components/profile-page.tsx'),
    'ProfilePage',
  ),
});

/** Plans; Stripe sends the admin back with ?checkout=success|cancelled (issue 16). */
function PlansRoute() {
  return <PlansPage search={plansRoute.useSearch()} />;
}

const plansRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/plans',
  validateSearch: (raw: Record<string, unknown>): PlansSearch => ({
    ...(raw.checkout === 'success' || raw.checkout === 'cancelled' ? { checkout: raw.checkout } : {}),
    ...(raw.billing === 'unavailable' ? { billing: 'unavailable' as const } : {}),
  }),
  loader: () => loadPages(PlansPage),
  component: PlansRoute,
});

/** The page open to anyone, signed in or not (ADR 091), in the "page" layout. */
const apiPartnerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard/api-partner',
  loader: async (options) => {
    await Promise.all([loadQueryClientFor(options), loadPages(ApiPartnerPage)]);
  },
  component: () => (
    <PageLayout>
      <ApiPartnerPage />
    </PageLayout>
  ),
});

/** A signed-in page with no shell, for windows the portal opens (ADR 200). */
const blankRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/blank',
  beforeLoad: checkAuth,
  loader: loadQueryClientFor,
  component: lazyRouteComponent(() => import('../features/resources/components/blank-page.tsx'), 'BlankPage'),
});

/* ---- end of access layouts and account pages ---- */

/** Reporting (issue 12, ADR 175): behind the subscription guard, as the application routes. */
const reportingRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/reporting',
  component: lazyRouteComponent(
    () => import('../features/reporting/components/reporting-page.tsx'),
    'ReportingPage',
  ),
});

const analyticsRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/reporting/analytics',
  component: lazyRouteComponent(
    () => import('../features/reporting/components/analytics-page.tsx'),
    'AnalyticsPage',
  ),
});

// Resources (issue 15, ADR 200): the landing page, carrier resources and training videos.
const resourcesRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/resources',
  component: lazyRouteComponent(
    () => import('../features/resources/components/resources-page.tsx'),
    'ResourcesPage',
  ),
});
const carrierResourcesRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/resources/carrier-resources',
  component: lazyRouteComponent(
    () => import('../features/resources/components/carrier-resources-page.tsx'),
    'CarrierResourcesPage',
  ),
});
const trainingVideosRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/resources/training-videos',
  component: lazyRouteComponent(
    () => import('../features/resources/components/training-videos-page.tsx'),
    'TrainingVideosPage',
  ),
});

// Price predictor (issue 15, ADR 201): expected premium ranges from the portal's past quotes.
const pricePredictorRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/price-predictor',
  component: lazyRouteComponent(
    () => import('../features/price-predictor/components/price-predictor-page.tsx'),
    'PricePredictorPage',
  ),
});

// Commission (issue 12): statements of bound policies and the rates; same guard as reporting.
// Texting (issue 14): the texto layout of SPEC §2, login and subscription required.
const textoRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/texto',
  component: lazyRouteComponent(() => import('../features/texting/components/texto-page.tsx'), 'TextoPage'),
});

const commissionRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/commission',
  component: lazyRouteComponent(
    () => import('../features/commission/components/commission-page.tsx'),
    'CommissionPage',
  ),
});

/** Bulk upload (issue 13): behind the subscription guard, as the application routes; ?upload=<id> is the upload shown. */
function BulkUploadRoute() {
  const search = bulkUploadRoute.useSearch();
  const navigate = useNavigate();
  return (
    <BulkUploadPage
      uploadId={search.upload ?? null}
      onSelect={(id) =>
        void navigate({
          to: '/dashboard/bulk-upload',
          search: id === null ? {} : { upload: id },
          replace: true,
        })
      }
    />
  );
}

const bulkUploadRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/dashboard/bulk-upload',
  validateSearch: (raw: Record<string, unknown>): { upload?: number } => {
    const id = Number(raw.upload);
    return Number.isInteger(id) && id > 0 ? { upload: id } : {};
  },
  loader: () => loadPages(BulkUploadPage),
  component: BulkUploadRoute,
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
  getParentRoute: () => agentOnlyLayout,
  path: '/agent-portal',
  // Every key optional in the URL (compacted); pages re-parse to the full shape.
  validateSearch: (raw: Record<string, unknown>): Partial<ListingSearch> =>
    compactListingSearch(parseListingSearch(raw)),
  loaderDeps: ({ search }) => parseListingSearch(search),
  loader: async ({ context, deps }) => {
    const { alert: _alert, ...query } = deps;
    const page = loadPages(ApplicationsListing);
    const [queryClient, { applicationsListQueryOptions }] = await Promise.all([
      context.loadQueryClient(),
      import('../features/applications/api/get-agent-applications-list.ts'),
    ]);
    void queryClient.prefetchQuery(applicationsListQueryOptions(query));
    return page;
  },
  component: ListingRoute,
});

/** The details with no id (SPEC §2, ADR 373): a new application's, created from here. */
function NewApplicationRoute() {
  const navigate = useNavigate();
  return (
    <NewApplicationPage
      onCreated={(id) =>
        void navigate({
          to: '/agent-portal/application-details/$application_id',
          params: { application_id: String(id) },
          replace: true,
        })
      }
    />
  );
}

const detailsIndexRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/agent-portal/application-details',
  loader: () => loadPages(NewApplicationPage),
  component: NewApplicationRoute,
});

const detailsRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/agent-portal/application-details/$application_id',
  beforeLoad: checkApplicationId,
  loader: async ({ context, params }) => {
    const [queryClient, { applicationQueryOptions }] = await Promise.all([
      context.loadQueryClient(),
      import('../features/applications/api/get-application-by-id.ts'),
    ]);
    return queryClient.ensureQueryData(applicationQueryOptions(Number(params.application_id)));
  },
  // The route that throws renders its own 404, inside the shell (a layout's 404 would replace it).
  notFoundComponent: () => <ErrorPage status={404} />,
  component: lazyRouteComponent(() => import('./application-details-route.tsx')),
  errorComponent: RouteError,
});

/** A product entry page whose start button creates the product and opens its details. */
function ProductEntryRoute({ entry }: { entry: ProductEntry }) {
  const navigate = useNavigate();
  return (
    <ProductEntryPage
      entry={entry}
      onCreated={(id) =>
        void navigate({
          to: '/agent-portal/application-details/$application_id',
          params: { application_id: String(id) },
        })
      }
    />
  );
}

const commercialFloodRoute = createRoute({
  getParentRoute: () => agentOnlyLayout,
  path: '/agent-portal/commercial-flood',
  loader: () => loadPages(ProductEntryPage),
  component: () => <ProductEntryRoute entry={COMMERCIAL_FLOOD_ENTRY} />,
});

const excessFloodRoute = createRoute({
  getParentRoute: () => agentOnlyLayout,
  path: '/agent-portal/excess-flood',
  loader: () => loadPages(ProductEntryPage),
  component: () => <ProductEntryRoute entry={EXCESS_FLOOD_ENTRY} />,
});

/** The 404 of the sov-quote route: its reason when a check named one, else Page Not Found. */
function SovQuoteRouteNotFound({ data }: { data?: unknown }) {
  const reason = (data as { reason?: unknown } | undefined)?.reason;
  return isSovQuoteNotFoundReason(reason) ? <SovQuoteNotFound reason={reason} /> : <ErrorPage status={404} />;
}

const sovQuoteRoute = createRoute({
  getParentRoute: () => subscriptionLayout,
  path: '/sov-quote/$carrier_id/$application_id',
  // SPEC §2: carrier and digits are checked here; the page shows the server's own 404 texts.
  // The check reads the carrier catalogue, which is loaded with this route rather than the first page.
  beforeLoad: async (options) => (await import('./guards/check-sov-quote.ts')).checkSovQuote(options),
  loader: async ({ context, params }) => {
    const [queryClient, { sovQuoteQueryOptions }] = await Promise.all([
      context.loadQueryClient(),
      import('../features/sov-quote/api/get-sov-quote.ts'),
    ]);
    void queryClient.prefetchQuery(sovQuoteQueryOptions(params.carrier_id, Number(params.application_id)));
  },
  notFoundComponent: SovQuoteRouteNotFound,
  component: lazyRouteComponent(() => import('./sov-quote-route.tsx')),
  errorComponent: RouteError,
});

/** /quote-view?token=...: the read-only quotes a client opens from a quote link, no sign-in (ADR 440). */
const quoteViewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quote-view',
  validateSearch: (raw: Record<string, unknown>): { token?: string } =>
    typeof raw.token === 'string' && raw.token ? { token: raw.token } : {},
  loader: loadQueryClientFor,
  component: function QuoteViewRoute() {
    const { token } = quoteViewRoute.useSearch();
    return (
      <AuthLayout>
        <QuoteViewPage token={token} />
      </AuthLayout>
    );
  },
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
  component: NotFoundPage,
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

// The schema studio (issue 11): versions, editors, preview and test bench; admins look, super-admins change.
const schemaStudioRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard/schema-studio',
  component: lazyRouteComponent(
    () => import('../features/schema-studio/components/schema-studio-page.tsx'),
    'SchemaStudioPage',
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
  schemaStudioRoute,
  portalSettingsRoute,
  portalSettingsGlobalRoute,
  portalSettingsEoDetailsRoute,
  portalSettingsMessagingRoute,
];
// ---- End of the administration areas. ----------------------------------------------------------

/** The whole route tree. */
export const routeTree = rootRoute.addChildren([
  authLayout.addChildren([authPageRoute, samlSsoLoginRoute]),
  appLayout.addChildren([
    dashboardRoute,
    // issue 4 portal auth: account pages and the access layouts
    profileRoute,
    plansRoute,
    subscriptionLayout.addChildren([
      agentOnlyLayout.addChildren([listingRoute, commercialFloodRoute, excessFloodRoute]),
      detailsIndexRoute,
      detailsRoute,
      sovQuoteRoute,
      reportingRoute,
      commissionRoute,
      bulkUploadRoute,
      analyticsRoute,
      resourcesRoute,
      carrierResourcesRoute,
      trainingVideosRoute,
      pricePredictorRoute,
      textoRoute,
    ]),
    ...adminRoutes,
  ]),
  apiPartnerRoute,
  blankRoute,
  quoteViewRoute,
  loginRedirectRoute,
  indexRoute,
  notFoundRoute,
]);
