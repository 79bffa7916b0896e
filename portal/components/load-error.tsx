/** The error state of a query on any page: what failed, the server's message (or the SPEC §8 fallback), and Retry. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Props: heading, the error, and the refetch to retry with. */
export interface LoadErrorProps {
  title: string;
  error: Error | null;
  onRetry: () => void;
}

/** Red alert with the error message (or the SPEC §8 fallback) and a Retry button. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{error?.message || 'Internet issue or contact IT.'}</Text>
        <Button size="xs" color="red" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
