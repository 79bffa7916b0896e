/**
 * /agent-portal/application-details/{application_id}: header with look-up links, then the form or
 * the quotes view by status (SPEC §2 Application details page), Reset and Delete.
 */
import { Alert, Button, Card, Group, Menu, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDotsVertical, IconEye, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OutcomeMessage } from '../../../../engine/index.ts';
import { useFocusWhenLost } from '../../../lib/focus-when-lost.ts';
import { applicationQueryKey } from '../api/application-query-key.ts';
import { useApplication } from '../api/get-application-by-id.ts';
import {
  detailsViewForStatus,
  resolveDetailsView,
  setDetailsView,
  useDetailsView,
} from '../stores/details-view-store.ts';
import { ApplicationClientSelect } from './application-client-select.tsx';
import { ApplicationForm } from './application-form.tsx';
import { DeleteApplicationDialog } from './delete-application-dialog.tsx';
import { ImmediateInfoDialog } from './immediate-info-dialog.tsx';
import { LookupLinks } from './lookup-links.tsx';
import { productLabel } from './product-label.ts';
import { QuotesView } from './quotes-view.tsx';
import { ResetApplicationDialog } from './reset-application-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Props: the numeric id (already checked by check-application-id) and what follows a delete. */
export interface ApplicationDetailsPageProps {
  applicationId: number;
  onDeleted: () => void;
}

const str = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** The details page with its loading and error states. */
export function ApplicationDetailsPage({ applicationId, onDeleted }: ApplicationDetailsPageProps) {
  const query = useApplication(applicationId);
  const queryClient = useQueryClient();
  const requestedView = useDetailsView();
  const [resetOpen, setResetOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  // After a commercial launch: the warnings accepted, shown in the immediate info dialog; null = closed.
  const [immediateInfo, setImmediateInfo] = useState<OutcomeMessage[] | null>(null);
  const application = query.data;
  const status = application?.status;
  // The heading of the view shown: the quotes' summary or "Application details".
  const viewHeading = useRef<HTMLHeadingElement>(null);
  const view = application ? resolveDetailsView(requestedView, application.status) : null;
  // Launch replaces the form (and its focused Launch button) with the quotes: focus goes to their
  // heading, which names the outcome ("25 of 25 carriers quoted · lowest $2,122"; issue 46).
  useFocusWhenLost(viewHeading, view);

  // The view follows the status each time it changes (launch -> quotes, reset -> form).
  useEffect(() => {
    if (status) setDetailsView(detailsViewForStatus(status));
  }, [status]);

  const reload = () => queryClient.invalidateQueries({ queryKey: applicationQueryKey(applicationId) });

  if (query.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading application">
        <Skeleton height={96} radius="md" />
        <Skeleton height={320} radius="md" />
      </Stack>
    );
  }
  if (query.isError || !application) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load the application">
        <Group justify="space-between">
          <Text size="sm">{query.error?.message || 'Internet issue or contact IT.'}</Text>
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }

  const doc = application.payload?.useable_details ?? {};
  const address = str(doc.searched_address) || str(doc.address);
  const name = [str(doc.first_name), str(doc.last_name)].filter(Boolean).join(' ') || str(doc.business_name);

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          {/* On a phone the actions wrap below the reference instead of squeezing it. */}
          <Group justify="space-between" align="flex-start">
            <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Group gap="sm">
                <Title order={1} size="h2">
                  {application.application_id}
                </Title>
                <StatusBadge status={application.status} />
              </Group>
              <Text size="lg" mt={4} truncate>
                {address || 'No address'}
              </Text>
              <Text size="sm" c="dimmed">
                {productLabel(application.carrier_quote_type, application.application_type)}
                {name ? ` · ${name}` : ''}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              {detailsViewForStatus(application.status) === 'quotes' && (
                <Button
                  variant="default"
                  leftSection={<IconEye size={16} />}
                  onClick={() => setDetailsView(view === 'quotes' ? 'form' : 'quotes')}
                >
                  {view === 'quotes' ? 'View form' : 'View quotes'}
                </Button>
              )}
              <Menu position="bottom-end" withArrow shadow="md">
                <Menu.Target>
                  <Button variant="default" px="xs" aria-label="Application actions">
                    <IconDotsVertical size={18} />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconRefresh size={16} />}
                    onClick={() => setResetOpen(true)}
                    disabled={application.status === 'new'}
                  >
                    Reset application
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setDeleteOpen(true)}
                  >
                    Delete application
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
          <LookupLinks
            address={{ address, city: str(doc.city), state: str(doc.state), zip: str(doc.zip), name }}
          />
          <ApplicationClientSelect applicationId={application.id} />
        </Stack>
      </Card>

      {view === 'quotes' ? (
        <QuotesView application={application} onChanged={reload} headingRef={viewHeading} />
      ) : (
        <ApplicationForm
          key={`${application.id}:${application.status}:${application.application_relaunch_count}`}
          application={application}
          headingRef={viewHeading}
          onLaunched={async (acceptedWarnings) => {
            setDetailsView('quotes');
            if (application.carrier_quote_type?.[0] === 'Commercial') setImmediateInfo(acceptedWarnings);
            await reload();
          }}
        />
      )}

      <ImmediateInfoDialog
        opened={immediateInfo !== null}
        warnings={immediateInfo ?? []}
        onClose={() => setImmediateInfo(null)}
      />
      <ResetApplicationDialog
        opened={resetOpen}
        applicationId={application.id}
        reference={application.application_id}
        onClose={() => setResetOpen(false)}
        onReset={() => {
          setDetailsView('form');
          void reload();
        }}
      />
      <DeleteApplicationDialog
        opened={deleteOpen}
        applicationId={application.id}
        reference={application.application_id}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => {
          queryClient.removeQueries({ queryKey: applicationQueryKey(applicationId) });
          void queryClient.invalidateQueries({ queryKey: ['applications', 'list'] });
          onDeleted();
        }}
      />
    </Stack>
  );
}
