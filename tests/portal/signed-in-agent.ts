/**
 * Fresh browser state for portal tests: clears localStorage, signs in the sample agent (user 7,
 * agent 3, session key 'sk-1') and records the title of every Mantine notification shown.
 * Call in beforeEach; returns the list the notification titles are pushed to.
 */
import { notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';

export function signInSampleAgentRecordingToasts(): unknown[] {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex', agent: { id: 3 } }, null);
  const toasts: unknown[] = [];
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    toasts.push(data.title);
    return 'id';
  });
  return toasts;
}
