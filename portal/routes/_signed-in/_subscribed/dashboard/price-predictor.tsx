/** `/dashboard/price-predictor` (issue 15, ADR 201): expected premium ranges from the portal's past quotes. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { PricePredictorPage } from '../../../../features/price-predictor/components/price-predictor-page.tsx';

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/price-predictor')({
  component: PricePredictorPage,
});
