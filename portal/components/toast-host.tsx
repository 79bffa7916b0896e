/**
 * Where the toasts render (issue 18, ADR 540): the container (toast-stack.tsx, with Mantine's
 * Notifications and its transition library) is a chunk of its own, fetched when the first page
 * renders instead of before. A toast shown earlier waits in the notifications store and appears
 * when the container mounts.
 */
import { lazy, Suspense } from 'react';

const ToastStack = lazy(() => import('./toast-stack.tsx').then((module) => ({ default: module.ToastStack })));

/** Mounts the toasts' container once its chunk has arrived; nothing before. */
export function ToastHost() {
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
