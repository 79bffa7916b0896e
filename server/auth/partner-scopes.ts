/**
 * What a partner API key may call (issue 16 Partner API keys): each scope names the existing
 * application calls it opens. A key acts as an admin of its company (SPEC §6) restricted to the
 * calls of its scopes; every other call answers 403 to a key.
 * docs/decisions/291-partner-key-scopes.md.
 */

/** The scopes an admin can grant a key, in the order the portal shows them. */
export const PARTNER_SCOPES = ['applications:read', 'applications:write', 'applications:launch'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/**
 * The scope each call open to keys needs, by route URL. Quotes are read with their application
 * (get-application-by-id answers its quotes), so `applications:read` covers them.
 */
export const PARTNER_ROUTE_SCOPES: Readonly<Record<string, PartnerScope>> = {
  '/api/agent-portal/get-agent-applications-list': 'applications:read',
  '/api/agent-portal/get-application-by-id': 'applications:read',
  '/api/agent-portal/get-schema-set': 'applications:read',
  '/api/agent-portal/create-new-application': 'applications:write',
  '/api/agent-portal/update-application': 'applications:write',
  '/api/agent-portal/launch-application': 'applications:launch',
};

export const KEY_CANNOT_CALL = 'API keys cannot call this endpoint.';

/** The refusal of a call to a key without its scope: 'This API key lacks the scope <scope>.'. */
export function missingScopeMessage(scope: PartnerScope): string {
  return `This API key lacks the scope ${scope}.`;
}

/**
 * Null when a key with `scopes` may call route `url`, else the 403 message: KEY_CANNOT_CALL for
 * a call no scope opens, missingScopeMessage for one the key was not granted.
 */
export function partnerRefusal(url: string | undefined, scopes: readonly string[]): string | null {
  const needed = url === undefined ? undefined : PARTNER_ROUTE_SCOPES[url];
  if (!needed) return KEY_CANNOT_CALL;
  return scopes.includes(needed) ? null : missingScopeMessage(needed);
}
