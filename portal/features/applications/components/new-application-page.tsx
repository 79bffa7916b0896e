/**
 * /agent-portal/application-details with no id (SPEC §2 Routes): the details of an application
 * that does not exist yet. The New application dialog opens at once; creating opens the
 * application's own details (/agent-portal/application-details/{id}); closing it leaves this page,
 * with the way to start again and back to the listing. docs/decisions/373-application-details-without-an-id.md.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyStateAnimation } from '../../../components/empty-state-animation.tsx';
import { NewApplicationDialog } from './new-application-dialog.tsx';

/** Props: where a created application goes (its numeric id). */
export interface NewApplicationPageProps {
  onCreated: (applicationId: number) => void;
}

/** The page, with the New application dialog open on arrival. */
export function NewApplicationPage({ onCreated }: NewApplicationPageProps) {
  const [open, setOpen] = useState(true);
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <EmptyStateAnimation size={96} />
        <Title order={1} size="h2">
          New application
        </Title>
        <Text c="dimmed" maw={520}>
          No application is open. Enter the property address and the quote type; the application's details
          open here once it is created.
        </Text>
        <Group gap="sm" justify="center">
          <Button leftSection={<IconPlus size={18} />} onClick={() => setOpen(true)}>
            Start an application
          </Button>
          <Button
            component={Link}
            to="/agent-portal"
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
          >
            Back to applications
          </Button>
        </Group>
      </Stack>
      <NewApplicationDialog opened={open} onClose={() => setOpen(false)} onCreated={onCreated} />
    </Card>
  );
}
