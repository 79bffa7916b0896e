/** `/agent-portal/excess-flood`: the excess flood entry page; its start button creates the product. SPEC §2. */
import { createFileRoute } from '@tanstack/react-router';
import { EXCESS_FLOOD_ENTRY } from '../../../../../features/applications/components/product-entries.ts';
import { ProductEntryRoute } from '../../../../-components/product-entry-route.tsx';

function ExcessFloodRoute() {
  return <ProductEntryRoute entry={EXCESS_FLOOD_ENTRY} />;
}

export const Route = createFileRoute('/_signed-in/_subscribed/_agent-only/agent-portal/excess-flood')({
  component: ExcessFloodRoute,
});
