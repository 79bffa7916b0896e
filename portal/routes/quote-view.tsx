/** `/quote-view?token=...`: the read-only quotes a client opens from a quote link, no sign-in (ADR 440). */
import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { QuoteViewPage } from '../features/customer-portal/components/quote-view-page.tsx';
import { loadQueryClientFor } from './-loaders/load-query-client-for.ts';

function QuoteViewRoute() {
  const { token } = Route.useSearch();
  return (
    <AuthLayout>
      <QuoteViewPage token={token} />
    </AuthLayout>
  );
}

export const Route = createFileRoute('/quote-view')({
  validateSearch: (raw: Record<string, unknown>): { token?: string } =>
    typeof raw.token === 'string' && raw.token ? { token: raw.token } : {},
  loader: loadQueryClientFor,
  component: QuoteViewRoute,
});
