/**
 * The scopes an admin can grant a partner API key, with what each opens, in the server's order
 * (server/auth/partner-scopes.ts; tests/portal/api-credentials-dialog.test.tsx checks they match).
 */
import type { ApiBody } from '../../../lib/api-operations.ts';

/** A scope api-credentials/create and update take. */
export type PartnerScopeName = NonNullable<ApiBody<'api-credentials/create'>['scopes']>[number];

export const PARTNER_SCOPE_OPTIONS = [
  { value: 'applications:read', label: 'Read applications and their quotes' },
  { value: 'applications:write', label: 'Create and update applications' },
  { value: 'applications:launch', label: 'Launch applications to carriers' },
] as const satisfies readonly { value: PartnerScopeName; label: string }[];
