/**
 * `/agent-portal/application-details/{application_id}`: the details page (engine + form), behind
 * check-application-id; the loader reads the application, and its failure is the route's error page.
 * SPEC §2 Routes, Guards, Application details page.
 */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ErrorPage } from '../../../../../components/error-page.tsx';
import { ApplicationDetailsPage } from '../../../../../features/applications/components/application-details-page.tsx';
import { RouteError } from '../../../../-components/route-error.tsx';
import { checkApplicationId } from '../../../../-guards/check-application-id.ts';

/** Reads the checked id and renders the details page; a delete goes back to the listing. */
function ApplicationDetailsRoute() {
  const { application_id } = Route.useParams();
  const navigate = useNavigate();
  return (
    <ApplicationDetailsPage
      key={application_id}
      applicationId={Number(application_id)}
      onDeleted={() => void navigate({ to: '/agent-portal' })}
    />
  );
}

/** The route that throws renders its own 404, inside the shell (a layout's 404 would replace it). */
function ApplicationNotFound() {
  return <ErrorPage status={404} />;
}

export const Route = createFileRoute(
  '/_signed-in/_subscribed/agent-portal/application-details/$application_id',
)({
  beforeLoad: checkApplicationId,
  loader: async ({ context, params }) => {
    const [queryClient, { applicationQueryOptions }] = await Promise.all([
      context.loadQueryClient(),
      import('../../../../../features/applications/api/get-application-by-id.ts'),
    ]);
    return queryClient.ensureQueryData(applicationQueryOptions(Number(params.application_id)));
  },
  notFoundComponent: ApplicationNotFound,
  component: ApplicationDetailsRoute,
  errorComponent: RouteError,
});
