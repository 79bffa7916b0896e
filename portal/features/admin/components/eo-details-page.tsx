/**
 * /dashboard/portal-settings/eo-details (SPEC §2): the agency's errors-and-omissions carrier,
 * policy number, limit and expiry, the expiry with its days remaining (SPEC §6 expiry days).
 */
import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { daysUntil } from '../api/days-until.ts';
import { eoExpiryColor, eoExpiryText } from '../api/eo-expiry-text.ts';
import { EmptyState } from './empty-state.tsx';
import { EoDetailsDialog } from './eo-details-dialog.tsx';
import { SettingsPageFrame } from './settings-page-frame.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The E&O details page. */
export function EoDetailsPage() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsPageFrame title="E&O details" subtitle="Errors-and-omissions coverage of the agency.">
      {(settings, companyId) => {
        const eo = settings.eo_data;
        // The server's rounded-up days; recomputed only if it sent none for a date it holds.
        const days = settings.eo_expiry_days ?? daysUntil(eo?.expiry);
        const remaining = eoExpiryText(days);
        return (
          <>
            <Card withBorder radius="md" padding="lg" component="section" aria-label="E&O coverage">
              {eo ? (
                <>
                  <Group justify="space-between" mb="md">
                    <Text fw={600}>E&O coverage</Text>
                    <Button variant="light" size="xs" onClick={() => setOpen(true)}>
                      Edit E&O details
                    </Button>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
                    <Field label="Carrier">{eo.carrier}</Field>
                    <Field label="Policy number">{eo.policy_number}</Field>
                    {/* A stored coverage may lack a field (SPEC §3 eo_data): shown as a dash. */}
                    <Field label="Limit">{eo.limit == null ? '—' : formatCurrency(eo.limit)}</Field>
                    <Field label="Expiry date">
                      <Group gap="xs">
                        <span>{eo.expiry ? dayjs(eo.expiry).format('MMM D, YYYY') : '—'}</span>
                        {remaining ? (
                          <Badge color={eoExpiryColor(days)} variant="light" radius="sm">
                            {remaining}
                          </Badge>
                        ) : null}
                      </Group>
                    </Field>
                  </SimpleGrid>
                </>
              ) : (
                <EmptyState
                  title="No E&O details yet"
                  hint="Add the agency's errors-and-omissions policy so its expiry can be tracked."
                  action={
                    <Button mt="xs" onClick={() => setOpen(true)}>
                      Add E&O details
                    </Button>
                  }
                />
              )}
            </Card>
            <EoDetailsDialog opened={open} value={eo} companyId={companyId} onClose={() => setOpen(false)} />
          </>
        );
      }}
    </SettingsPageFrame>
  );
}
