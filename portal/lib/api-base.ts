/**
 * The API base of SPEC §7 ("The API base is the origin plus /api locally, otherwise a backend
 * public api path"): every call and every URL of the portal that reaches the API is built here.
 * docs/decisions/431-api-base-from-the-public-api-path.md.
 */

/** The backend public API path when `VITE_PUBLIC_API_PATH` is unset: the API beside the portal. */
export const DEFAULT_PUBLIC_API_PATH = '/api';

/**
 * True for a host name of this machine: `localhost` and its subdomains, the IPv4 loopback range
 * (127.0.0.0/8), `0.0.0.0` and the IPv6 loopback (`::1`, bracketed or not). Case-insensitive.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host)
  );
}

/**
 * The API base, absolute and without a trailing slash. On a local host: `{origin}/api`. Elsewhere:
 * `publicApiPath` (build configuration `VITE_PUBLIC_API_PATH`), an absolute http(s) URL taken as
 * it is or a path taken on the page's origin; unset, blank or not an http(s) URL: `/api` on the
 * page's origin (a deployment without the setting keeps working). Query and fragment are dropped.
 */
export function apiBase(
  location: Pick<Location, 'origin' | 'hostname'> = window.location,
  publicApiPath: string | undefined = import.meta.env.VITE_PUBLIC_API_PATH,
): string {
  const origin = location.origin.replace(/\/+$/, '');
  const beside = `${origin}${DEFAULT_PUBLIC_API_PATH}`;
  if (isLocalHost(location.hostname)) return beside;
  const configured = publicApiPath?.trim();
  if (!configured) return beside;
  let url: URL;
  try {
    url = new URL(configured, `${origin}/`);
  } catch {
    return beside;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return beside;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The URL of API path `path` (`agent-portal/get-application-by-id`, with or without a leading
 * slash, a query allowed) under `base`. An absolute http(s) URL (an endpoint overridden to another
 * service) is returned as it is.
 */
export function apiUrl(path: string, base: string = apiBase()): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/**
 * A URL the server answered for one of its own files (`/api/files/5`, `/api/company-logos/3?v=2`,
 * a download, a sign-in redirect), moved under `base`: the server names its paths under `/api`,
 * which is where the API is only when the portal sits beside it. An absolute URL (another
 * service's) and a path outside `/api` are returned as they are.
 */
export function serverUrl(url: string, base: string = apiBase()): string {
  const match = /^\/api(?=[/?]|$)(.*)$/.exec(url);
  return match ? `${base}${match[1]}` : url;
}

/**
 * The billing-portal link: `{api_base}/billing-portal` (SPEC §2 Guards, §7). The session cookie
 * authenticates it, so the session key stays out of the URL (ADR 748); the server still takes the
 * SPEC's session-key query parameter from a client that sends it.
 */
export function billingPortalUrl(base: string = apiBase()): string {
  return apiUrl('billing-portal', base);
}
