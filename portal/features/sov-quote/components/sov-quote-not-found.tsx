/** The 404 page of the sov-quote route with its one reason. SPEC §2 sov-quote route, §8. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import type { SovQuoteNotFoundReason } from '../api/sov-quote-types.ts';

/** Props: which of the three texts to show. */
export interface SovQuoteNotFoundProps {
  reason: SovQuoteNotFoundReason;
}

/** A 404 page whose heading is exactly the reason ('Invalid Carrier', ...). */
export function SovQuoteNotFound({ reason }: SovQuoteNotFoundProps) {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={480} ta="center" role="alert">
        <IconError404 size={64} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed" fw={700} size="sm">
          404
        </Text>
        <Title order={1} size="h2">
          {reason}
        </Title>
        <Text c="dimmed">This statement of values page does not exist.</Text>
        <Button component="a" href="/agent-portal" variant="light" mt="sm">
          Back to applications
        </Button>
      </Stack>
    </Center>
  );
}
