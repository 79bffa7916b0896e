/**
 * The toasts' container of SPEC §8-§9: Mantine's Notifications, top right, hidden after 5000 ms.
 * Loaded after the first page renders (toast-host.tsx), as its transitions are no part of that page.
 */
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/constants.ts';

/** Renders every toast of the notifications store (lib/toast.ts shows them). */
export function ToastStack() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />;
}
