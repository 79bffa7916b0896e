/** `/agent-portal/commercial-flood`: the commercial flood entry page; its start button creates the product. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { COMMERCIAL_FLOOD_ENTRY } from '../../../../../features/applications/components/product-entries.ts';
import { ProductEntryRoute } from '../../../../-components/product-entry-route.tsx';

function CommercialFloodRoute() {
  return <ProductEntryRoute entry={COMMERCIAL_FLOOD_ENTRY} />;
}

export const Route = createFileRoute('/_signed-in/_subscribed/_agent-only/agent-portal/commercial-flood')({
  component: CommercialFloodRoute,
});
