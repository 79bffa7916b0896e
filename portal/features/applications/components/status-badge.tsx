/** Application status badge. SPEC §3 Application status. */
import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { new: 'blue', launched: 'orange', completed: 'green' };

/** Badge for new (blue), launched (orange) or completed (green). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={COLORS[status] ?? 'gray'}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {status}
    </Badge>
  );
}
