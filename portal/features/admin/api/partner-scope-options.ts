/**
 * The scopes an admin can grant a partner API key, with what each opens, in the server's order
 * (server/auth/partner-scopes.ts; tests/portal/api-credentials-dialog.test.tsx checks they match).
 */
export const PARTNER_SCOPE_OPTIONS = [
  { value: 'applications:read', label: 'Read applications and their quotes' },
  { value: 'applications:write', label: 'Create and update applications' },
  { value: 'applications:launch', label: 'Launch applications to carriers' },
] as const;

export type PartnerScopeName = (typeof PARTNER_SCOPE_OPTIONS)[number]['value'];
