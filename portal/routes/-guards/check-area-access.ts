/** The area guard of issue 20: a page the access decision refuses shows "Access denied" in the shell. */
import { mayOpenPage } from '../../lib/area-access.ts';
import type { RouterContext } from '../../router-context.ts';
import { AccessDeniedError } from './deny-customer.ts';

/**
 * beforeLoad of the gated layout, after check-subscription: throws AccessDeniedError (status 403,
 * the route error page's "Access denied") when the page's area is not in the user's
 * `user_accesses_final` (docs/decisions/320-one-access-decision.md).
 */
export function checkAreaAccess({
  context,
  location,
}: {
  context: RouterContext;
  location: { pathname: string };
}): void {
  if (!mayOpenPage(context.auth.currentUser?.(), location.pathname)) throw new AccessDeniedError();
}
