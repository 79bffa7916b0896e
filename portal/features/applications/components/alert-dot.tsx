/** Alert colour dot of a listing row or note. SPEC §3 Note alert colour. */
import { ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { ALERT_MEANINGS, type AlertColor } from '../../../lib/constants.ts';

/** "Red alert: an automatic launch failed": the colour and what it means (SPEC §3 Alert colour). */
export function alertLabel(color: AlertColor): string {
  return `${color[0].toUpperCase()}${color.slice(1)} alert: ${ALERT_MEANINGS[color]}`;
}

/** The colour as the dot paints it (Mantine has no purple: grape). */
const swatchColor = (color: AlertColor) => `var(--mantine-color-${color === 'purple' ? 'grape' : color}-6)`;

/**
 * Coloured dot whose tooltip and accessible name say what happened, or a dash when there is no
 * alert. With `withReason` the reason is written beside the dot, for readers who cannot hover
 * (issue 40: an alert says why), and the dot itself is decoration.
 */
export function AlertDot({ color, withReason = false }: { color: AlertColor | null; withReason?: boolean }) {
  if (!color) {
    return (
      <Text c="dimmed" size="sm" aria-label="No alert">
        —
      </Text>
    );
  }
  if (withReason) {
    return (
      <Group gap={6} wrap="nowrap" align="center">
        <ColorSwatch component="span" color={swatchColor(color)} size={10} aria-hidden="true" />
        <Text size="xs" c="dimmed" lineClamp={2}>
          {alertLabel(color)}
        </Text>
      </Group>
    );
  }
  return (
    <Tooltip label={alertLabel(color)} withArrow multiline w={260}>
      <ColorSwatch
        component="span"
        color={swatchColor(color)}
        size={14}
        role="img"
        aria-label={alertLabel(color)}
      />
    </Tooltip>
  );
}
