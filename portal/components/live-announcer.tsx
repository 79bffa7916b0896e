/**
 * The two live regions of lib/announce.ts, mounted once at the root of the app (before any page
 * renders, so a reader is listening when the first message arrives). Visually hidden: each message
 * is text the page shows too. No `role="status"` / `role="alert"`: the regions are the announcer's
 * own and hold no content of a page; `aria-atomic` reads a message whole.
 */
import { VisuallyHidden } from '@mantine/core';
import { useAnnouncements } from '../lib/announce.ts';

/** The polite and the assertive live region (`data-live-announcer` names them for tests). */
export function LiveAnnouncer() {
  const { polite, assertive } = useAnnouncements();
  return (
    <VisuallyHidden>
      <div aria-live="polite" aria-atomic="true" data-live-announcer="polite">
        {polite}
      </div>
      <div aria-live="assertive" aria-atomic="true" data-live-announcer="assertive">
        {assertive}
      </div>
    </VisuallyHidden>
  );
}
