/** The check-auth guard of SPEC §2 Guards. */
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../router-context.ts';

/**
 * beforeLoad of the logged-in layout: a user without a session key (SPEC §4 Logged in) is sent to
 * /auth/login with the requested path remembered (search `redirect` and the auth state).
 * Throws the redirect.
 */
export function checkAuth({
  context,
  location,
}: {
  context: RouterContext;
  location: { href: string };
}): void {
  if (context.auth.isLoggedIn()) return;
  context.auth.rememberPath(location.href);
  throw redirect({
    to: '/auth/$page_type',
    params: { page_type: 'login' },
    search: { redirect: location.href },
  });
}
