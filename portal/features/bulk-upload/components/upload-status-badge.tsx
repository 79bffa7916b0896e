/** An upload's status as a badge (issue 13): queued, importing, done, failed. */
import { Badge } from '@mantine/core';
import type { UploadView } from '../api/upload-types.ts';

const LOOKS: Record<UploadView['status'], { color: string; label: string }> = {
  queued: { color: 'gray', label: 'Queued' },
  running: { color: 'blue', label: 'Importing' },
  done: { color: 'green', label: 'Done' },
  failed: { color: 'red', label: 'Failed' },
};

/** The badge of `status`. */
export function UploadStatusBadge({ status }: { status: UploadView['status'] }) {
  const look = LOOKS[status];
  return (
    <Badge color={look.color} variant="light" radius="sm">
      {look.label}
    </Badge>
  );
}
