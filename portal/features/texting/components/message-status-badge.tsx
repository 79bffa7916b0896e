/** The delivery status of a text message as a small badge (issue 14): colour and words per status. */
import { Badge } from '@mantine/core';
import type { TextStatus } from '../api/texting-api.ts';

const LOOK: Record<TextStatus, { color: string; label: string }> = {
  received: { color: 'gray', label: 'Received' },
  queued: { color: 'blue', label: 'Queued' },
  sending: { color: 'blue', label: 'Sending' },
  sent: { color: 'teal', label: 'Sent' },
  delivered: { color: 'green', label: 'Delivered' },
  undelivered: { color: 'red', label: 'Not delivered' },
  failed: { color: 'red', label: 'Failed' },
};

/** The badge of `status`. */
export function MessageStatusBadge({ status }: { status: TextStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light" size="xs" radius="sm">
      {look.label}
    </Badge>
  );
}
