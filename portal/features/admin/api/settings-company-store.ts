/**
 * Which company a super-admin is editing on the portal settings pages (admins always edit their
 * own: null). Kept in memory across the sub-pages of /dashboard/portal-settings.
 */
import { useSyncExternalStore } from 'react';

let companyId: number | null = null;
const listeners = new Set<() => void>();

/** Chooses the company (null = own company). */
export function setSettingsCompanyId(next: number | null): void {
  companyId = next;
  for (const listener of listeners) listener();
}

/** The chosen company id, or null for the caller's own company. */
export function getSettingsCompanyId(): number | null {
  return companyId;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React view of the chosen company id. */
export function useSettingsCompanyId(): number | null {
  return useSyncExternalStore(subscribe, getSettingsCompanyId, getSettingsCompanyId);
}
