/**
 * Banners each user dismissed, kept in this browser's localStorage under one key per user id
 * (`mga.dismissed-banners.<id>`, a JSON array of banner keys, at most 100, newest last). Storage
 * that is full, blocked or holds junk reads as nothing dismissed. Issue 16.
 */
const KEEP = 100;

const storageKey = (userId: number) => `mga.dismissed-banners.${userId}`;

/** The banner keys `userId` dismissed. */
export function dismissedBanners(userId: number): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Records that `userId` dismissed `bannerKey`; returns the new set (also when storage refuses). */
export function dismissBanner(userId: number, bannerKey: string): Set<string> {
  const keys = [...dismissedBanners(userId), bannerKey].slice(-KEEP);
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(keys));
  } catch {
    // Private mode or a full quota: dismissed for this page view only.
  }
  return new Set(keys);
}
