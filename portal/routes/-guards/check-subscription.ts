/** The check-subscription guard of SPEC §2 Guards. */
import { redirect } from '@tanstack/react-router';
import type { StoredUser } from '../../lib/auth-store.ts';
import { hasSubscriptionAccess } from '../../lib/subscription-access.ts';
import type { RouterContext } from '../../router-context.ts';

/**
 * True when check-subscription sends `user` to /dashboard/plans: their company has neither an
 * active subscription nor an active trial (SPEC §6). Super-admins never (the server never answers
 * them 402), nor a user stored without a company record: there is no company to check, and the
 * server's 402 still sends them to plans through the API client (ADR 090).
 */
export function needsSubscription(user: StoredUser | null | undefined): boolean {
  if (!user || user.role === 'super-admin') return false;
  if (user.company === null || user.company === undefined) return false;
  return !hasSubscriptionAccess(user.company);
}

/**
 * beforeLoad of the subscription-gated layout (application routes, texting page); runs after
 * check-auth. Throws a redirect to /dashboard/plans when `needsSubscription`.
 */
export function checkSubscription({ context }: { context: RouterContext }): void {
  if (needsSubscription(context.auth.currentUser?.())) throw redirect({ to: '/dashboard/plans' });
}
