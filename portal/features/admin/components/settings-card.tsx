/** One section card of a portal settings page: title, summary, and its action button (a locked feature has none). */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props: section title, one-line description, action label and handler (none: no button), body. */
export interface SettingsCardProps {
  title: string;
  description: string;
  actionLabel?: string;
  onAction?: () => void;
  children?: ReactNode;
}

/** Bordered card; the action button is named after the section for assistive technology. */
export function SettingsCard({ title, description, actionLabel, onAction, children }: SettingsCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb={children ? 'sm' : 0} wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {onAction ? (
          <Button variant="light" size="xs" onClick={onAction} style={{ flexShrink: 0 }}>
            {actionLabel}
          </Button>
        ) : null}
      </Group>
      {children ? <Stack gap="xs">{children}</Stack> : null}
    </Card>
  );
}
