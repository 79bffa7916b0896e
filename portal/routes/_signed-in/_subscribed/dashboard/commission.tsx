/** `/dashboard/commission` (issue 12): statements of bound policies and the rates; same guard as reporting. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { CommissionPage } from '../../../../features/commission/components/commission-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/commission')({
  component: CommissionPage,
});
