/**
 * The server side of the check-subscription guard (SPEC §2 Guards, §6): application calls need
 * an active subscription or an active trial. Super-admins work across companies and are exempt.
 */

import type { CompanyRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Actor } from './actor.ts';
import { hasApplicationAccess } from './company-status.ts';

export const SUBSCRIPTION_REQUIRED = 'Subscription required.';

/**
 * Throws ApiError 402 'Subscription required.' unless the actor's company has access; `caller` is
 * the session's account or the partner key, each with its company.
 */
export function requireApplicationAccess(
  actor: Actor,
  caller: { company: CompanyRow | null } | null,
  now: Date = new Date(),
): void {
  if (actor.role === 'super-admin') return;
  const company = caller?.company ?? null;
  if (!company || !hasApplicationAccess(company, now)) throw new ApiError(402, SUBSCRIPTION_REQUIRED);
}
