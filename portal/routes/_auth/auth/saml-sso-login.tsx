/** `/auth/saml-sso-login`: the end of a SAML sign-in (issue 4), `?code=` or `?error=`. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { SamlSsoLoginPage } from '../../../features/auth/components/saml-sso-login-page.tsx';
import { useGoAfterSignIn } from '../../-components/go-after-sign-in.ts';

function SamlSsoLoginRoute() {
  const search = Route.useSearch();
  const goAfterSignIn = useGoAfterSignIn(undefined);
  return <SamlSsoLoginPage code={search.code} error={search.error} onSignedIn={goAfterSignIn} />;
}

export const Route = createFileRoute('/_auth/auth/saml-sso-login')({
  validateSearch: (raw: Record<string, unknown>): { code?: string; error?: string } => ({
    ...(typeof raw.code === 'string' && raw.code ? { code: raw.code } : {}),
    ...(typeof raw.error === 'string' && raw.error ? { error: raw.error } : {}),
  }),
  component: SamlSsoLoginRoute,
});
