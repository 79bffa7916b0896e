/** Toasts of SPEC §8: success (green) or warning (yellow), top right, auto-hide after 5000 ms. */
import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from './constants.ts';

/** Toast type of SPEC §8: success when the code is 200, else warning. */
export type ToastType = 'success' | 'warning';

/** Shows a toast; returns its id. SPEC §4 (5 s), §8 (type), §9 (top right). */
export function showToast(type: ToastType, title: string, message: string): string {
  return notifications.show({
    title,
    message,
    color: type === 'success' ? 'green' : 'yellow',
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
  });
}
