/** `/dashboard/api-partner`: the page open to anyone, signed in or not (ADR 091), in the "page" layout. */
import { createFileRoute } from '@tanstack/react-router';
import { PageLayout } from '../../components/page-layout.tsx';
import { ApiPartnerPage } from '../../features/api-partner/components/api-partner-page.tsx';
import { loadQueryClientFor } from '../-loaders/load-query-client-for.ts';

function ApiPartnerRoute() {
  return (
    <PageLayout>
      <ApiPartnerPage />
    </PageLayout>
  );
}

export const Route = createFileRoute('/dashboard/api-partner')({
  loader: loadQueryClientFor,
  component: ApiPartnerRoute,
});
