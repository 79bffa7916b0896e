/** The API base of SPEC §7: the origin plus /api (the portal and the API share an origin; docs/running.md). */

/** `{origin}/api` with no trailing slash; `origin` defaults to the page's. SPEC §7 Other calls. */
export function apiBaseUrl(origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}/api`;
}

/** The billing-portal link: `{api_base}/billing-portal?session_key=...` (key URL-encoded). SPEC §2 Guards, §7. */
export function billingPortalUrl(sessionKey: string, origin?: string): string {
  return `${apiBaseUrl(origin)}/billing-portal?session_key=${encodeURIComponent(sessionKey)}`;
}
