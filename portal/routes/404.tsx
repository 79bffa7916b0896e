/** `/404`: Page Not Found, inside the shell for a signed-in user. SPEC §2 Routes. */
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from './-components/not-found-page.tsx';

export const Route = createFileRoute('/404')({
  component: NotFoundPage,
});
