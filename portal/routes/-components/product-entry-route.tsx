/** The component of the two product entry routes, /agent-portal/commercial-flood and /excess-flood. */
import { useNavigate } from '@tanstack/react-router';
import type { ProductEntry } from '../../features/applications/components/product-entries.ts';
import { ProductEntryPage } from '../../features/applications/components/product-entry-page.tsx';

/** A product entry page whose start button creates the product and opens its details. */
export function ProductEntryRoute({ entry }: { entry: ProductEntry }) {
  const navigate = useNavigate();
  return (
    <ProductEntryPage
      entry={entry}
      onCreated={(id) =>
        void navigate({
          to: '/agent-portal/application-details/$application_id',
          params: { application_id: String(id) },
        })
      }
    />
  );
}
