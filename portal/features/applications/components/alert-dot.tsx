/** Alert colour dot of a listing row or note. SPEC §3 Note alert colour. */
import { ColorSwatch, Text, Tooltip } from '@mantine/core';
import { ALERT_MEANINGS, type AlertColor } from '../../../lib/constants.ts';

/** "Red alert: an automatic launch failed": the colour and what it means (SPEC §3 Alert colour). */
export function alertLabel(color: AlertColor): string {
  return `${color[0].toUpperCase()}${color.slice(1)} alert: ${ALERT_MEANINGS[color]}`;
}

/** Coloured dot whose tooltip and accessible name say what happened, or a dash when there is no alert. */
export function AlertDot({ color }: { color: AlertColor | null }) {
  if (!color) {
    return (
      <Text c="dimmed" size="sm" aria-label="No alert">
        —
      </Text>
    );
  }
  return (
    <Tooltip label={alertLabel(color)} withArrow multiline w={260}>
      <ColorSwatch
        component="span"
        color={`var(--mantine-color-${color === 'purple' ? 'grape' : color}-6)`}
        size={14}
        role="img"
        aria-label={alertLabel(color)}
      />
    </Tooltip>
  );
}
