/** `/blank`: a signed-in page with no shell, for windows the portal opens (ADR 200). SPEC §2 Routes. */
import { createFileRoute } from '@tanstack/react-router';
import { BlankPage } from '../features/resources/components/blank-page.tsx';
import { checkAuth } from './-guards/check-auth.ts';
import { loadQueryClientFor } from './-loaders/load-query-client-for.ts';

export const Route = createFileRoute('/blank')({
  beforeLoad: checkAuth,
  loader: loadQueryClientFor,
  component: BlankPage,
});
