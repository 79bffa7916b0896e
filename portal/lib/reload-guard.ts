/**
 * SPEC §8: two browser errors (a DOM node not found, a node insertion failing) reload the page,
 * at most once per 10 s (SPEC §9 reload guard) so a persistent error cannot loop.
 */
import { RELOAD_GUARD_MS } from './constants.ts';

const LAST_RELOAD_KEY = 'mga-portal-last-auto-reload';

/** True for the two DOM errors of SPEC §8 (removeChild / insertBefore on a node that moved). */
export function isReloadableDomError(message: string): boolean {
  return /Failed to execute '(removeChild|insertBefore)' on 'Node'|NotFoundError.*(node|Node)/.test(message);
}

/**
 * Reloads for a reloadable error unless one happened within `RELOAD_GUARD_MS` (10 000 ms).
 * Returns whether it reloaded. `now` in ms since epoch.
 */
export function reloadOnDomError(
  message: string,
  now = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  if (!isReloadableDomError(message)) return false;
  const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  reload();
  return true;
}

/** Installs the window listeners once at start-up. */
export function installReloadGuard(): void {
  window.addEventListener('error', (event) =>
    reloadOnDomError(String(event.message ?? event.error?.message ?? '')),
  );
  window.addEventListener('unhandledrejection', (event) =>
    reloadOnDomError(String(event.reason?.message ?? '')),
  );
}
