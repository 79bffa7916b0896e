/** Application status badge. SPEC §3 Application status. */
import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { new: 'blue', launched: 'orange', completed: 'green' };

/**
 * Badge for new (blue), launched (orange) or completed (green). Never narrower than its word: a
 * table squeezes a column to its cells' smallest width, and a badge's clipped label would let it
 * cut "completed" to "compl…".
 */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={COLORS[status] ?? 'gray'}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {status}
    </Badge>
  );
}
