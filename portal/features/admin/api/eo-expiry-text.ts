/** How the E&O expiry reads next to its date. SPEC §1 (E&O expiry), §6 (expiry days). */

/**
 * "N days remaining", "Expires today", "Expired N days ago" (singular for 1), or null when there
 * are no days (no or invalid expiry).
 */
export function eoExpiryText(days: number | null): string | null {
  if (days === null || !Number.isFinite(days)) return null;
  if (days === 0) return 'Expires today';
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} remaining`;
  const ago = -days;
  return `Expired ${ago} ${ago === 1 ? 'day' : 'days'} ago`;
}

/** Badge colour: red once expired or within 30 days, yellow within 60, else green. */
export function eoExpiryColor(days: number | null): string {
  if (days === null) return 'gray';
  if (days <= 30) return 'red';
  if (days <= 60) return 'yellow';
  return 'green';
}
