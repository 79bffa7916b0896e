/** The redirect-to-dashboard guard of SPEC §2 Guards. */
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../router-context.ts';

/** beforeLoad of the auth layout: an already logged-in user goes to /dashboard. Throws the redirect. */
export function redirectToDashboard({ context }: { context: RouterContext }): void {
  if (context.auth.isLoggedIn()) throw redirect({ to: '/dashboard' });
}
