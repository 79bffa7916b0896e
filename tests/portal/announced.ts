/** Reading the portal's live regions (portal/components/live-announcer.tsx) in dom tests. */
import { expect } from 'vitest';

/** The text of the `politeness` live region, as a reader gets it; checks the region's aria-live. */
export function announced(politeness: 'polite' | 'assertive'): string {
  const region = document.querySelector(`[data-live-announcer="${politeness}"]`);
  if (!region) throw new Error(`no ${politeness} live region`);
  expect(region.getAttribute('aria-live')).toBe(politeness);
  return region.textContent ?? '';
}
