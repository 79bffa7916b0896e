/** `/auth/{page_type}`: login, forgot-password or reset-password (issue 4); any other is a 404. SPEC §2. */
import { createFileRoute, lazyRouteComponent, notFound, useNavigate } from '@tanstack/react-router';
import { LoginPage } from '../../../features/auth/components/login-page.tsx';
import { useGoAfterSignIn } from '../../-components/go-after-sign-in.ts';

/** Page types of /auth/{page_type}. SPEC §2. */
const AUTH_PAGE_TYPES = ['login', 'forgot-password', 'reset-password'] as const;

/*
 * The login page is the first page (ADR 540), so this route is not split; the other two sign-in
 * pages load with their page type, in the loader, so the route renders once, loaded.
 */
const ForgotPasswordPage = lazyRouteComponent(
  () => import('../../../features/auth/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyRouteComponent(
  () => import('../../../features/auth/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);

function AuthPageRoute() {
  const navigate = useNavigate();
  const { page_type } = Route.useParams();
  const search = Route.useSearch();
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

export const Route = createFileRoute('/_auth/auth/$page_type')({
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
  loader: async ({ params }) => {
    if (params.page_type === 'forgot-password') await ForgotPasswordPage.preload?.();
    if (params.page_type === 'reset-password') await ResetPasswordPage.preload?.();
  },
  component: AuthPageRoute,
  codeSplitGroupings: [],
});
