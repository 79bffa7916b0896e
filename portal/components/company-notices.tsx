/**
 * What the agency's portal settings show above each page of the shell (issue 16, settings that
 * take effect): the dynamic banners for the signed-in user (portal-settings/active-banners: active,
 * within their dates in the company's zone, for the user's role). A dismissed banner stays
 * dismissed for that user in this browser until the admin changes its message
 * (docs/decisions/203-global-settings-take-effect.md).
 */
import { Alert, Stack } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Banner } from '../features/admin/api/portal-settings-api.ts';
import { activeBannersQueryOptions } from '../lib/active-banners-query.ts';
import { useAuth } from '../lib/auth-store.ts';
import { dismissBanner, dismissedBanners } from '../lib/dismissed-banners.ts';

/** The active banners the user has not dismissed; nothing for users without a company. */
export function CompanyNotices() {
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const hasCompany = Boolean(user?.company?.id);
  const banners = useQuery(activeBannersQueryOptions(hasCompany));
  const [dismissed, setDismissed] = useState(() => dismissedBanners(userId));
  const shown = (banners.data ?? []).filter((banner) => !dismissed.has(bannerKey(banner)));
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
          onClose={() => setDismissed(dismissBanner(userId, bannerKey(banner)))}
        >
          {banner.message}
        </Alert>
      ))}
    </Stack>
  );
}

/** A banner's identity for dismissal: its id and message, so an edited banner shows again. */
function bannerKey(banner: Banner): string {
  return `${banner.id}:${banner.message}`;
}
