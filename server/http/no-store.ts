/**
 * Answers of the API are never stored by a browser or a proxy (issue 38; docs/decisions/722-secrets-out-of-logs.md):
 * every `/api/` answer, errors included, starts with `Cache-Control: no-store`, since nearly every
 * one names insureds, users or agencies. The few public assets (logos, icons, carrier files) set
 * their own caching header, which replaces this one.
 */
import type { ServerResponse } from 'node:http';

/** Sets `Cache-Control: no-store` on `raw` when `url` is an API path. */
export function setNoStoreForApi(url: string, raw: ServerResponse): void {
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
    raw.setHeader('cache-control', 'no-store');
}
