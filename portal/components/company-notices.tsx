/**
 * What the agency's portal settings show everyone of the company above each page (issue 16,
 * settings that take effect): the dynamic banners active today (portal-settings/active-banners),
 * each dismissible for the session. (Quote rush is a dashboard widget.)
 */
import { Alert, Stack } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Banner } from '../features/admin/api/admin-types.ts';
import { apiData } from '../lib/api-client.ts';
import { useAuth } from '../lib/auth-store.ts';

/** The active banners; nothing for users without a company. */
export function CompanyNotices() {
  const { user } = useAuth();
  const hasCompany = Boolean(user?.company?.id);
  const banners = useQuery({
    queryKey: ['portal-settings', 'active-banners'],
    queryFn: () => apiData<{ banners: Banner[] }>('portal-settings/active-banners', {}),
    enabled: hasCompany,
    staleTime: 5 * 60_000,
  });
  const [dismissed, setDismissed] = useState<number[]>([]);
  const shown = (banners.data?.banners ?? []).filter((banner) => !dismissed.includes(banner.id));
  if (!shown.length) return null;
  return (
    <Stack gap="xs" mb="md">
      {shown.map((banner) => (
        <Alert
          key={banner.id}
          color={banner.color}
          variant="light"
          icon={<IconSpeakerphone size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss banner"
          onClose={() => setDismissed((ids) => [...ids, banner.id])}
        >
          {banner.message}
        </Alert>
      ))}
    </Stack>
  );
}
