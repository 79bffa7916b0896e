/**
 * The signed-in layout (pathless): check-auth sends a signed-out user to /auth/login with the path
 * remembered; every page below renders in the shell, with the query client loaded. SPEC §2 Guards.
 */
import { createFileRoute } from '@tanstack/react-router';
import { ShellRoute } from './-components/shell-route.tsx';
import { checkAuth } from './-guards/check-auth.ts';
import { loadQueryClientFor } from './-loaders/load-query-client-for.ts';

export const Route = createFileRoute('/_signed-in')({
  beforeLoad: checkAuth,
  loader: loadQueryClientFor,
  component: ShellRoute,
});
