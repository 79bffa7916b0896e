/**
 * Hourly check for a newer build (SPEC §9: 3 600 000 ms): fetches index.html and compares the
 * entry script it names with the one running; a change shows a toast asking to reload.
 */
import { notifications } from '@mantine/notifications';
import { NEW_BUILD_CHECK_INTERVAL_MS } from './constants.ts';

function entryScript(html: string): string | null {
  return /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** Starts the periodic check; returns a stop function. No-op in development (no hashed entry). */
export function startNewBuildCheck(): () => void {
  const running = document
    .querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')
    ?.getAttribute('src');
  if (!running) return () => {};
  const timer = setInterval(async () => {
    try {
      const html = await (await fetch('/', { cache: 'no-store' })).text();
      const latest = entryScript(html);
      if (latest && latest !== running) {
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
    } catch (error) {
      console.warn('New build check failed', error);
    }
  }, NEW_BUILD_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
