/** What a real connector is built with: where to call, how long to wait, and the company's key. */
export interface ConnectorOptions {
  baseUrl: string;
  /** SmartyStreets US Autocomplete Pro lives on its own host. */
  autocompleteBaseUrl?: string;
  timeoutMs: number;
  /** The public part of a key pair (SmartyStreets auth-id), or null. */
  keyId: string | null;
  /** The secret (SmartyStreets auth-token, ATTOM apikey), or null. */
  key: string | null;
}

/** `path` under `base` (a base with a path keeps it: ".../MapServer" + "/28/query"). */
export function urlUnder(base: string, path: string, query: Record<string, string>): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}
