/** The super-admin redirect of SPEC §2 Guards and §6 ("three pages send a super-admin to /dashboard"). */
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../router-context.ts';

/**
 * beforeLoad of the agent-only layout holding SUPER_ADMIN_REDIRECTED_PATHS (lib/constants.ts; ADR
 * 090): a super-admin is sent to /dashboard. Throws the redirect.
 */
export function redirectSuperAdminToDashboard({ context }: { context: RouterContext }): void {
  if (context.auth.currentUser?.()?.role === 'super-admin') throw redirect({ to: '/dashboard' });
}
