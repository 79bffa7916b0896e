/**
 * The auth layout of SPEC §2 (pathless): the sign-in pages, in the auth frame, for a signed-out
 * user; redirect-to-dashboard sends a signed-in one to /dashboard.
 */
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { redirectToDashboard } from './-guards/redirect-to-dashboard.ts';

function AuthLayoutRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}

export const Route = createFileRoute('/_auth')({
  beforeLoad: redirectToDashboard,
  component: AuthLayoutRoute,
  // The sign-in frame is part of the first page (ADR 540): not split from it.
  codeSplitGroupings: [],
});
