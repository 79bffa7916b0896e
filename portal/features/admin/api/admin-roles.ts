/**
 * Which role sees which administration area. SPEC §6 Roles: super-admin and admin administer
 * (create users with role admin, agent or customer); agents and customers administer nothing.
 * The server enforces the same rules; this only decides what the portal shows.
 */

/** The four roles of SPEC §6. */
export type Role = 'super-admin' | 'admin' | 'agent' | 'customer';

/** Roles a super-admin or admin may give a user they create. SPEC §6. */
export const CREATABLE_ROLES = ['admin', 'agent', 'customer'] as const;

/** One role a created user may have. */
export type CreatableRole = (typeof CREATABLE_ROLES)[number];

/** Labels of the roles, as the tables and filters show them. */
export const ROLE_LABELS: Record<Role, string> = {
  'super-admin': 'Super-admin',
  admin: 'Admin',
  agent: 'Agent',
  customer: 'Customer',
};

/** True for super-admin and admin: the administration pages are theirs. SPEC §6. */
export function canAdminister(role: string | null | undefined): boolean {
  return role === 'super-admin' || role === 'admin';
}

/** True only for a super-admin: every company, the Companies tab. SPEC §6. */
export function canManageCompanies(role: string | null | undefined): boolean {
  return role === 'super-admin';
}
