/** The customer guard of the agents' pages (issue 16 customer portal; SPEC §6 roles). */
import type { RouterContext } from '../../router-context.ts';

/** A page the signed-in role may not open: the route error page shows "Access denied" (status 403). */
export class AccessDeniedError extends Error {
  readonly status = 403;
  constructor() {
    super('Access denied');
    this.name = 'AccessDeniedError';
  }
}

/**
 * beforeLoad of the subscription-gated layout (applications, reporting, commission, resources, ...):
 * a customer, whose calls there the server refuses, gets "Access denied" inside the shell instead of
 * a page of failed calls. Throws AccessDeniedError.
 */
export function denyCustomer({ context }: { context: RouterContext }): void {
  if (context.auth.currentUser?.()?.role === 'customer') throw new AccessDeniedError();
}
