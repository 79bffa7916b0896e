/** Alert colour dot of a listing row or note. SPEC §3 Note alert colour. */
import { ColorSwatch, Text, Tooltip } from '@mantine/core';
import type { AlertColor } from '../../../lib/constants.ts';

/** Coloured dot with an accessible name, or a dash when there is no alert. */
export function AlertDot({ color }: { color: AlertColor | null }) {
  if (!color) {
    return (
      <Text c="dimmed" size="sm" aria-label="No alert">
        —
      </Text>
    );
  }
  return (
    <Tooltip label={`${color} alert`} withArrow>
      <ColorSwatch
        component="span"
        color={`var(--mantine-color-${color === 'purple' ? 'grape' : color}-6)`}
        size={14}
        role="img"
        aria-label={`${color} alert`}
      />
    </Tooltip>
  );
}
