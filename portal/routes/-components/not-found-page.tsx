/** Page Not Found, of the root route and of /404. SPEC §2 Routes, Error page. */
import { lazyRouteComponent, useRouter } from '@tanstack/react-router';
import { use } from 'react';
import { ErrorPage } from '../../components/error-page.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import type { RouterContext } from '../../router-context.ts';

/*
 * The root route is never split (the router plugin keeps it whole), and this page is its
 * not-found component: the shell loads with its own chunk rather than in the first page (ADR 421).
 */
const ShellRoute = lazyRouteComponent(() => import('./shell-route.tsx'), 'ShellRoute');

/**
 * Page Not Found: inside the shell, whose navigation is the way back, for a signed-in user (the
 * shell reads queries: the page suspends until the query client has loaded).
 */
export function NotFoundPage() {
  const { session_key } = useAuth();
  const { loadQueryClient } = useRouter().options.context as RouterContext;
  if (!session_key) return <ErrorPage status={404} />;
  use(loadQueryClient());
  return (
    <ShellRoute>
      <ErrorPage status={404} />
    </ShellRoute>
  );
}
