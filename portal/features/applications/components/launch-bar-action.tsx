/**
 * A secondary action of the form's sticky Launch bar (issue 40, ADR 766): a labelled button on a
 * desk, an icon button with the same accessible name (and a tooltip) on a phone, so the bar keeps
 * to one row of buttons and at most 15% of a phone's screen.
 */
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props: the action's name, its icon, and what a button takes. `compact` on a phone. */
export interface LaunchBarActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  compact: boolean;
  loading?: boolean;
  disabled?: boolean;
}

/** The action as a light button, or as a 44 x 44 px icon button named by `label`. */
export function LaunchBarAction({ label, icon, onClick, compact, loading, disabled }: LaunchBarActionProps) {
  if (!compact)
    return (
      <Button variant="light" leftSection={icon} onClick={onClick} loading={loading} disabled={disabled}>
        {label}
      </Button>
    );
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={label}
        onClick={onClick}
        loading={loading}
        disabled={disabled}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
