/**
 * Keys out of the server's log (issue 38, docs/decisions/748-session-cookie-for-links-and-streams.md):
 * the session key a journey's page holds, and what the server's log shows of it. The portal sends
 * the key only in call bodies, the session cookie and the upload's header, so a journey's log
 * (pino lines with each request's URL) names no key and has no `session_key=` at all.
 */
import type { Page } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '../../portal/lib/constants.ts';

/** The session key the portal stored in `page` (SPEC §3 auth state), '' when signed out. */
export function storedSessionKey(page: Page): Promise<string> {
  return page.evaluate(
    (storageKey) => String(JSON.parse(localStorage.getItem(storageKey) ?? '{}').session_key ?? ''),
    AUTH_STORAGE_KEY,
  );
}

/** What of `keys` the server's `log` shows: each key found, and whether a URL carried `session_key=`. */
export function keysInLog(log: string, keys: string[]): string[] {
  const found = keys.filter((key) => key !== '' && log.includes(key)).map((key) => `key ${key.slice(0, 6)}…`);
  return log.includes('session_key=') ? [...found, 'a URL with session_key='] : found;
}
