/**
 * /dashboard/resources/carrier-resources (issue 15, SPEC §2): per carrier family of the catalogue in
 * use (carrier-catalogue/carriers, issue 43), so a carrier published after the build has its card,
 * its logo, its underwriting guide (`guideDocument`), appetite (products, states, sub-carriers), web site,
 * and the documents the agency (or every agency) keeps for it; one search across carriers and
 * documents; admins add, edit and delete documents (resources dialog).
 */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileText, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CarrierLogo } from '../../../components/carrier-logo.tsx';
import { CarriersLoadError } from '../../../components/carriers-load-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { carrierFamiliesByDisplayName } from '../../../lib/carrier-catalog.ts';
import { type LiveCarrier, useLiveCarriers } from '../../../lib/live-carriers.ts';
import { type Resource, recordView, resourceHref, useResources } from '../api/resources-api.ts';
import { ResourceActions } from './resource-actions.tsx';
import { ResourceDialog } from './resource-dialog.tsx';

/** The products a family writes: its own quote types and its sub-carriers', each once, in that order. */
export function familyQuoteTypes(family: LiveCarrier): string[] {
  return [...new Set([family.quote_types, ...family.sub_carriers.map((sub) => sub.quote_types)].flat())];
}

/** True when a carrier or one of its documents matches `needle` (lower case). */
export function carrierMatches(family: LiveCarrier, documents: Resource[], needle: string): boolean {
  if (needle === '') return true;
  const texts = [
    family.display_name,
    family.name,
    ...family.sub_carriers.map((sub) => sub.display_name),
    ...familyQuoteTypes(family),
    ...documents.flatMap((doc) => [doc.title, doc.description]),
  ];
  return texts.some((text) => text.toLowerCase().includes(needle));
}

/** The carriers page. */
export function CarrierResourcesPage() {
  const role = useAuth().user?.role;
  const manager = role === 'admin' || role === 'super-admin';
  const [search, setSearch] = useState('');
  const documents = useResources('carrier_document');
  const carriers = useLiveCarriers();
  const [adding, setAdding] = useState<string | null>(null);
  const [editing, setEditing] = useState<Resource | null>(null);
  const needle = search.trim().toLowerCase();
  const docsOf = (family: LiveCarrier) =>
    (documents.data?.resources ?? []).filter((doc) => doc.carrier === family.name);
  const families = carriers.data ? carrierFamiliesByDisplayName(carriers.data) : [];
  const shown = families.filter((family) => carrierMatches(family, docsOf(family), needle));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Carrier resources
        </Title>
        <Text c="dimmed" size="sm">
          Underwriting guides, appetite and the documents your agency keeps, per carrier.
        </Text>
      </div>
      <TextInput
        aria-label="Search carriers and documents"
        placeholder="Carrier, product or document"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {documents.isError && (
        <LoadError
          title="Could not load the documents"
          error={documents.error}
          onRetry={() => documents.refetch()}
        />
      )}
      {carriers.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" aria-label="Loading the carriers" aria-busy>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : carriers.isError ? (
        <CarriersLoadError carriers={carriers} />
      ) : shown.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Text ta="center" fw={600}>
            No carrier or document matches “{search}”.
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {shown.map((family) => (
            <Card
              key={family.name}
              withBorder
              radius="md"
              padding="md"
              component="section"
              aria-label={family.display_name}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <CarrierLogo image={family.image} name={family.display_name} size={32} />
                    <Text fw={700}>{family.display_name}</Text>
                  </Group>
                  <Anchor href={family.url} target="_blank" rel="noreferrer" size="sm">
                    Web site
                  </Anchor>
                </Group>
                <Group gap={4}>
                  {familyQuoteTypes(family).map((type) => (
                    <Badge key={type} variant="light">
                      {type}
                    </Badge>
                  ))}
                </Group>
                <Text size="xs" c="dimmed">
                  Writes in {family.states.length} state{family.states.length === 1 ? '' : 's'}
                  {family.sub_carriers.length > 0
                    ? ` · programs: ${family.sub_carriers.map((sub) => sub.display_name).join(', ')}`
                    : ''}
                </Text>
                {family.guide_document ? (
                  <Anchor href={family.guide_document} target="_blank" rel="noreferrer" size="sm">
                    Underwriting guide
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    No underwriting guide published.
                  </Text>
                )}
                {documents.isPending ? (
                  <Skeleton height={20} />
                ) : (
                  docsOf(family).map((doc) => (
                    <Group key={doc.id} justify="space-between" wrap="nowrap" gap="xs">
                      <Anchor
                        href={resourceHref(doc)}
                        target="_blank"
                        rel="noreferrer"
                        size="sm"
                        onClick={() => void recordView(doc.id)}
                      >
                        <Group gap={4} wrap="nowrap">
                          <IconFileText size={14} aria-hidden />
                          {doc.title}
                        </Group>
                      </Anchor>
                      <Group gap={2} wrap="nowrap">
                        {doc.is_new && (
                          <Badge size="xs" color="blue" variant="filled">
                            New
                          </Badge>
                        )}
                        {manager && <ResourceActions resource={doc} onEdit={setEditing} />}
                      </Group>
                    </Group>
                  ))
                )}
                {manager && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setAdding(family.name)}
                    aria-label={`Add document: ${family.display_name}`}
                    w="fit-content"
                  >
                    Add document
                  </Button>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ResourceDialog
        opened={adding !== null || editing !== null}
        kind="carrier_document"
        editing={editing}
        carrier={adding}
        onClose={() => {
          setAdding(null);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
