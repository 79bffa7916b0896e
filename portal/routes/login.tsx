/** `/login`: the login page's old address. SPEC §2 Routes. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/$page_type', params: { page_type: 'login' } });
  },
});
