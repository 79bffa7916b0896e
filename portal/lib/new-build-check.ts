/**
 * Hourly check for a newer build (SPEC §9: 3 600 000 ms): fetches the build metadata manifest
 * (`/build-meta.json`, written by the build: vite.config.ts, SPEC §7) and compares its id with the
 * id compiled into the running portal; a change shows a toast asking to reload.
 */
import { notifications } from '@mantine/notifications';
import { NEW_BUILD_CHECK_INTERVAL_MS } from './constants.ts';

declare const __BUILD_ID__: string;

/** The manifest's build id, or null when it cannot be read (offline, no manifest, not JSON). */
export async function latestBuildId(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchFn('/build-meta.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const meta = (await response.json()) as { id?: unknown };
    return typeof meta.id === 'string' && meta.id ? meta.id : null;
  } catch (error) {
    console.warn('New build check failed', error);
    return null;
  }
}

/**
 * Starts the periodic check of `runningId` (default: this build's); returns a stop function. No-op
 * in development and tests (build id `dev`: no manifest is served).
 */
export function startNewBuildCheck(
  runningId: string = __BUILD_ID__,
  intervalMs: number = NEW_BUILD_CHECK_INTERVAL_MS,
): () => void {
  if (runningId === 'dev') return () => {};
  const timer = setInterval(async () => {
    const latest = await latestBuildId();
    if (latest && latest !== runningId) {
      clearInterval(timer);
      notifications.show({
        id: 'new-build',
        title: 'A new version is available',
        message: 'Reload the page to get the latest portal.',
        color: 'blue',
        autoClose: false,
        onClick: () => window.location.reload(),
      });
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
