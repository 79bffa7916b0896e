/**
 * The portal's one announcer for results a screen reader would otherwise miss (WCAG 4.1.3 Status
 * Messages, issue 46): launch progress and outcome, sign-in errors, autosave failures, address
 * verification, bulk-upload progress. `announce` sets the text of one of two live regions
 * (components/live-announcer.tsx, mounted once at the root of the app): `polite` waits for the
 * reader to finish, `assertive` interrupts it (errors that lose work or block the next step).
 * The text is what the page already shows; the regions themselves are visually hidden.
 */
import { useSyncExternalStore } from 'react';

/** How urgently a message is read: ARIA `aria-live` values. */
export type Politeness = 'polite' | 'assertive';

/** The text each live region holds now. */
export type Announcements = Readonly<Record<Politeness, string>>;

// A no-break space toggled at the end makes the same words a new text, so they are read again.
const REPEAT_MARK = '\u00a0';
let current: Announcements = { polite: '', assertive: '' };
const listeners = new Set<() => void>();

/**
 * Reads `text` to screen-reader users through the `politeness` live region; an empty text says
 * nothing. The same words twice in a row are read twice.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const words = text.trim();
  if (!words) return;
  const next = current[politeness] === words ? `${words}${REPEAT_MARK}` : words;
  current = { ...current, [politeness]: next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live regions' texts, re-rendering on every announce (for the announcer component). */
export function useAnnouncements(): Announcements {
  return useSyncExternalStore(subscribe, () => current);
}
