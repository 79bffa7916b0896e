/** The empty state of an administration list: the empty-state animation (SPEC §9), a title, a hint and an optional action. */
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyStateAnimation } from '../../../components/empty-state-animation.tsx';

/** Props: what is empty, what to do about it, and an optional action button. */
export interface EmptyStateProps {
  title: string;
  hint?: string;
  action?: ReactNode;
}

/** Centred empty-state block. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <Stack align="center" p="xl" gap="xs" ta="center">
      <EmptyStateAnimation size={72} />
      <Text fw={600}>{title}</Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
