/**
 * The E&O expiry alert (SPEC §3 eo_expiry_alert_displayed, §4): shown once, when the flag is false
 * and the company has an expiry date, with the days to expiry; showing it sets the flag to true so
 * it does not come back until the next sign-in. The user closes it. Its audience is the agency's
 * staff: an admin gets a link to renew the E&O details, an agent is asked to tell their admin; a
 * customer never sees the agency's E&O (docs/decisions/402-eo-expiry-audiences.md).
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { IconCalendarExclamation } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { patchAuthState, useAuth } from '../../../lib/auth-store.ts';
import { companyExpiryDays } from '../../../lib/company-expiry-days.ts';

/** The sentence of the alert for `days` (SPEC §6 expiry-days value) and the expiry date. */
export function eoExpiryText(days: number, expiry: string): string {
  const date = dayjs(expiry).isValid() ? dayjs(expiry).format('MMM D, YYYY') : expiry;
  if (days < 0)
    return `Your agency's E&O coverage expired ${-days} ${-days === 1 ? 'day' : 'days'} ago (${date}).`;
  if (days === 0) return `Your agency's E&O coverage expires today (${date}).`;
  return `Your agency's E&O coverage expires in ${days} ${days === 1 ? 'day' : 'days'} (${date}).`;
}

/** Roles the agency's E&O expiry concerns (SPEC §1 roles): its staff, not its customers. */
const EO_AUDIENCE = new Set(['admin', 'agent', 'super-admin']);

/** The dismissible alert; nothing when already shown, without a valid expiry date, or for a customer. */
export function EoExpiryAlert() {
  const { user, eo_expiry_alert_displayed } = useAuth();
  const concerned = EO_AUDIENCE.has(String(user?.role));
  const expiry = concerned && typeof user?.eo_expiry === 'string' ? user.eo_expiry : null;
  const days = companyExpiryDays(expiry);
  const [shown, setShown] = useState<{ days: number; expiry: string } | null>(null);

  useEffect(() => {
    if (eo_expiry_alert_displayed !== false || days === null || expiry === null) return;
    setShown({ days, expiry });
    patchAuthState({ eo_expiry_alert_displayed: true });
  }, [eo_expiry_alert_displayed, days, expiry]);

  if (!shown) return null;
  const color = shown.days <= 0 ? 'red' : shown.days <= 30 ? 'yellow' : 'blue';
  return (
    <Alert
      color={color}
      icon={<IconCalendarExclamation size={18} />}
      title="E&O expiry"
      withCloseButton
      closeButtonLabel="Dismiss E&O expiry alert"
      onClose={() => setShown(null)}
      mb="md"
      role="alert"
    >
      <Text size="sm">{eoExpiryText(shown.days, shown.expiry)}</Text>
      {shown.days <= 30 &&
        (user?.role === 'agent' ? (
          <Text size="sm">Ask your agency admin to renew it and update the E&O details.</Text>
        ) : (
          <Anchor component={Link} to="/dashboard/portal-settings/eo-details" size="sm">
            Update the E&O details
          </Anchor>
        ))}
    </Alert>
  );
}
