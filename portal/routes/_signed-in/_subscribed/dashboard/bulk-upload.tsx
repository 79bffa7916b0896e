/** `/dashboard/bulk-upload` (issue 13): behind the subscription guard; ?upload=<id> is the upload shown. SPEC §2. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BulkUploadPage } from '../../../../features/bulk-upload/components/bulk-upload-page.tsx';

function BulkUploadRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <BulkUploadPage
      uploadId={search.upload ?? null}
      onSelect={(id) =>
        void navigate({
          to: '/dashboard/bulk-upload',
          search: id === null ? {} : { upload: id },
          replace: true,
        })
      }
    />
  );
}

export const Route = createFileRoute('/_signed-in/_subscribed/dashboard/bulk-upload')({
  validateSearch: (raw: Record<string, unknown>): { upload?: number } => {
    const id = Number(raw.upload);
    return Number.isInteger(id) && id > 0 ? { upload: id } : {};
  },
  component: BulkUploadRoute,
});
