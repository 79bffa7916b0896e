/**
 * The quote rush notice where agents launch (issue 16, settings that take effect): the agency's
 * quote rush message (portal settings, login/me company.quote_rush) while it is on; nothing else.
 */
import { Alert } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useAuth } from '../../../lib/auth-store.ts';

/** An orange notice with the message, or nothing while quote rush is off. */
export function QuoteRushNotice() {
  const quoteRush = useAuth().user?.company?.quote_rush;
  if (!quoteRush?.enabled || !quoteRush.message) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconBolt size={18} />} title="Quote rush">
      {quoteRush.message}
    </Alert>
  );
}
