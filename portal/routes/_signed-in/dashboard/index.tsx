/** `/dashboard`: a customer's own applications and quotes (issue 16), everyone else's widgets. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { CustomerDashboardPage } from '../../../features/customer-portal/components/customer-dashboard-page.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useAuth } from '../../../lib/auth-store.ts';

function DashboardRoute() {
  const { user } = useAuth();
  return user?.role === 'customer' ? <CustomerDashboardPage /> : <DashboardPage />;
}

export const Route = createFileRoute('/_signed-in/dashboard/')({
  // Prime, but render the page's own loading and error states rather than the route error.
  loader: async ({ context }) => {
    if (context.auth.currentUser?.()?.role === 'customer') {
      const [queryClient, { myApplicationsQueryOptions }] = await Promise.all([
        context.loadQueryClient(),
        import('../../../features/customer-portal/api/get-my-applications.ts'),
      ]);
      void queryClient.prefetchQuery(myApplicationsQueryOptions());
    } else {
      const [queryClient, { dashboardSummaryQueryOptions }] = await Promise.all([
        context.loadQueryClient(),
        import('../../../features/dashboard/api/get-dashboard-summary.ts'),
      ]);
      void queryClient.prefetchQuery(dashboardSummaryQueryOptions());
    }
  },
  component: DashboardRoute,
});
