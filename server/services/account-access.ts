/**
 * Who may manage which account, company and settings (SPEC §6, docs/api-accounts.md): the server
 * enforces every rule, the portal only hides what a role cannot do.
 */
import type { UserRole } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Actor } from './actor.ts';

export const FORBIDDEN = 'Forbidden.';
export const COMPANY_NOT_FOUND = 'Company not found.';
export const USER_NOT_FOUND = 'User not found.';
export const CHOOSE_A_COMPANY = 'Choose a company.';

/** Throws ApiError 403 'Forbidden.' unless the actor has one of `roles`. */
export function requireRole(actor: Actor, roles: readonly UserRole[]): void {
  if (!roles.includes(actor.role)) throw new ApiError(403, FORBIDDEN);
}

/**
 * The company an admin-area call works on: a super-admin's requested company (default their own;
 * 422 'Choose a company.' with neither), an admin's own company (another one is 404 'Company not
 * found.', so ids of other companies leak nothing); 403 for agents and customers.
 */
export function managedCompanyId(actor: Actor, requested: number | undefined): number {
  requireRole(actor, ['super-admin', 'admin']);
  if (actor.role === 'super-admin') {
    const id = requested ?? actor.companyId;
    if (id === null || id === undefined) throw new ApiError(422, CHOOSE_A_COMPANY);
    return id;
  }
  if (actor.companyId === null) throw new ApiError(403, FORBIDDEN);
  if (requested !== undefined && requested !== actor.companyId) throw new ApiError(404, COMPANY_NOT_FOUND);
  return actor.companyId;
}

/**
 * Whether the actor may see and manage a user: a super-admin anyone, an admin the non-super-admin
 * users of their company. SPEC §6.
 */
export function canManageUser(actor: Actor, target: { role: UserRole; company_id: number | null }): boolean {
  if (actor.role === 'super-admin') return true;
  if (actor.role !== 'admin' || actor.companyId === null) return false;
  return target.company_id === actor.companyId && target.role !== 'super-admin';
}
