/** `/dashboard/profile`: open to every signed-in user whatever the subscription. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../features/profile/components/profile-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/profile')({
  component: ProfilePage,
});
