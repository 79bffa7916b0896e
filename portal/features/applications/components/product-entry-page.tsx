/**
 * A product entry page (SPEC §2: /agent-portal/commercial-flood, /agent-portal/excess-flood): what
 * the product quotes, which carriers of the catalogue in use write it and how
 * (carrier-catalogue/carriers, issue 43), and a start button that opens the New application dialog
 * with the product chosen.
 */
import { Badge, Button, Card, Grid, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CarriersNotReady } from '../../../components/carriers-not-ready.tsx';
import { carriersWritingProduct } from '../../../lib/carrier-catalog.ts';
import { type CarrierChannel, useLiveCarriers } from '../../../lib/live-carriers.ts';
import { NewApplicationDialog } from './new-application-dialog.tsx';
import type { ProductEntry } from './product-entries.ts';

/** Heading and explanation of each channel, in the order shown. */
const CHANNELS: { channel: CarrierChannel; title: string; text: string; color: string }[] = [
  {
    channel: 'automatic',
    title: 'Quoted automatically',
    text: 'Rated the moment the application is launched.',
    color: 'green',
  },
  {
    channel: 'sov',
    title: 'Managed programs (SOV)',
    text: 'Launched after the application; each needs a statement of values for the building(s).',
    color: 'grape',
  },
  {
    channel: 'manual',
    title: 'Manual carriers',
    text: 'An underwriter quotes by hand; staff record the quote and its documents.',
    color: 'orange',
  },
];

/** Props: the product's content and where a created application goes. */
export interface ProductEntryPageProps {
  entry: ProductEntry;
  onCreated: (applicationId: number) => void;
}

/** The entry page with its own New application dialog. */
export function ProductEntryPage({ entry, onCreated }: ProductEntryPageProps) {
  const [open, setOpen] = useState(false);
  const carriers = useLiveCarriers();
  const writers = carriers.data ? carriersWritingProduct(entry.product, carriers.data) : [];

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6} maw={720}>
            <Title order={1} size="h2">
              {entry.title}
            </Title>
            <Text>{entry.summary}</Text>
          </Stack>
          <Button leftSection={<IconPlus size={18} />} onClick={() => setOpen(true)}>
            {entry.startLabel}
          </Button>
        </Group>
      </Card>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" padding="lg" h="100%">
            <Title order={2} size="h4" mb="sm">
              What it quotes
            </Title>
            <List
              spacing={6}
              size="sm"
              icon={<IconCheck size={14} color="var(--mantine-color-green-6)" aria-hidden />}
            >
              {entry.covers.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" padding="lg" h="100%">
            <Title order={2} size="h4" mb="sm">
              Have at hand
            </Title>
            <List spacing={6} size="sm">
              {entry.needs.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Card>
        </Grid.Col>
      </Grid>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Who writes it
        </Title>
        {!carriers.isSuccess ? (
          <CarriersNotReady carriers={carriers} />
        ) : writers.length === 0 ? (
          <Text c="dimmed" size="sm">
            No carrier writes this product yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {CHANNELS.map(({ channel, title, text, color }) => {
              const list = writers.filter((w) => w.channel === channel);
              return (
                <Stack key={channel} gap={6} aria-label={title} role="group">
                  <Group gap="xs">
                    <Text fw={600}>{title}</Text>
                    <Badge color={color} variant="light" size="sm">
                      {list.length}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {text}
                  </Text>
                  {list.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      None for this product.
                    </Text>
                  ) : (
                    <List size="sm" spacing={4}>
                      {list.map((writer) => (
                        <List.Item key={writer.key}>{writer.display_name}</List.Item>
                      ))}
                    </List>
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
        )}
      </Card>

      <NewApplicationDialog
        opened={open}
        initialQuoteType={entry.product}
        onClose={() => setOpen(false)}
        onCreated={onCreated}
      />
    </Stack>
  );
}
