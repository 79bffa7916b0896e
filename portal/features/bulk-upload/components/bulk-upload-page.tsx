/**
 * /dashboard/bulk-upload (SPEC §2, issue 13): start a bulk upload (the dialog), follow the chosen
 * upload's progress and result (its id in the URL, so a reload shows it again), and the newest
 * uploads of the caller (an agent their own, an admin the company's). An admin uploads on behalf of
 * an agent of their company picked in "Upload for" (issue 40, ADR 751); the server refuses another
 * company's agent (403).
 */
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useAgentChoices } from '../../../lib/agent-choices.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { formatWhen } from '../../../lib/format-when.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUploads } from '../api/list-uploads.ts';
import { BulkUploadDialog } from './bulk-upload-dialog.tsx';
import { UploadResult } from './upload-result.tsx';
import { UploadStatusBadge } from './upload-status-badge.tsx';

export interface BulkUploadPageProps {
  /** The upload shown, from the URL; null: none chosen. */
  uploadId: number | null;
  onSelect: (id: number | null) => void;
}

/** The page. */
export function BulkUploadPage({ uploadId, onSelect }: BulkUploadPageProps) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const uploads = useUploads();
  const user = useAuth().user;
  // Applications belong to an agent: an admin picks one of the company's; an agent uploads as themself.
  const choosesAgent = user?.role === 'admin' || user?.role === 'super-admin';
  const ownAgentId = user?.agent?.id ?? null;
  const agents = useAgentChoices(choosesAgent);
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? (choosesAgent && ownAgentId !== null ? String(ownAgentId) : null);
  const chosenAgent = agents.data?.find((choice) => choice.value === chosen);
  const agentNames = new Map((agents.data ?? []).map((choice) => [Number(choice.value), choice.label]));
  const canUpload = choosesAgent ? chosenAgent !== undefined : ownAgentId !== null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Bulk upload
          </Title>
          <Text c="dimmed" size="sm">
            Create many applications from a CSV or XLSX file, one row per property.
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {choosesAgent && (
            <Select
              label="Upload for"
              description="The agent the applications belong to"
              placeholder={agents.isPending ? 'Loading agents…' : 'Choose an agent'}
              data={agents.data ?? []}
              value={chosen}
              onChange={setPicked}
              disabled={!agents.data || agents.data.length === 0}
              searchable
              w={260}
            />
          )}
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => setDialogOpen(true)}
            disabled={!canUpload}
          >
            Upload a file
          </Button>
        </Group>
      </Group>
      {choosesAgent && agents.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The agents cannot be shown">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{agents.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => agents.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {choosesAgent && agents.data?.length === 0 && (
        <Alert color="blue" title="No agent to upload for">
          The applications of a file belong to an agent, and your agency has none yet: add one in MGA
          management, then upload for them here.
        </Alert>
      )}
      {!choosesAgent && ownAgentId === null && (
        <Alert color="blue" title="Uploads are made by an agent">
          The applications of a file belong to an agent; your account has no agent record. Your agency's
          uploads are listed below.
        </Alert>
      )}
      <BulkUploadDialog
        opened={dialogOpen}
        agent={
          choosesAgent && chosenAgent ? { id: Number(chosenAgent.value), name: chosenAgent.label } : null
        }
        onClose={() => setDialogOpen(false)}
        onCreated={(upload, duplicate) => {
          setDialogOpen(false);
          if (duplicate)
            showToast('warning', 'Message', 'This file was uploaded before: nothing new is created.');
          onSelect(upload.id);
        }}
      />
      {uploadId !== null && <UploadResult id={uploadId} />}
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Your uploads
        </Title>
        {uploads.isPending ? (
          <Card withBorder radius="md" role="status" aria-busy="true" aria-label="Loading the uploads">
            <Skeleton height={16} mb="sm" />
            <Skeleton height={16} mb="sm" />
            <Skeleton height={16} />
          </Card>
        ) : uploads.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The uploads cannot be shown">
            {uploads.error.message}
          </Alert>
        ) : uploads.data.length === 0 ? (
          <Card withBorder radius="md" p="xl">
            <Stack align="center" gap="xs">
              <Text fw={600}>No uploads yet</Text>
              <Text c="dimmed" size="sm" ta="center">
                Upload a file to create applications in bulk.
              </Text>
            </Stack>
          </Card>
        ) : (
          <Card withBorder padding={0} radius="md">
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="xs" aria-label="Uploads">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Product</Table.Th>
                    {choosesAgent && <Table.Th>Agent</Table.Th>}
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Rows</Table.Th>
                    <Table.Th ta="right">Created</Table.Th>
                    <Table.Th ta="right">Refused</Table.Th>
                    <Table.Th>Uploaded</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {uploads.data.map((upload) => (
                    <Table.Tr
                      key={upload.id}
                      bg={upload.id === uploadId ? 'var(--mantine-color-default-hover)' : undefined}
                    >
                      <Table.Td>
                        <UnstyledButton fw={600} fz="sm" onClick={() => onSelect(upload.id)}>
                          {upload.file_name}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{upload.product}</Table.Td>
                      {choosesAgent && <Table.Td>{agentNames.get(upload.agent_id) ?? '—'}</Table.Td>}
                      <Table.Td>
                        <UploadStatusBadge status={upload.status} />
                      </Table.Td>
                      <Table.Td ta="right">
                        {upload.rows_read.toLocaleString('en-US')} /{' '}
                        {upload.rows_total.toLocaleString('en-US')}
                      </Table.Td>
                      <Table.Td ta="right">{upload.rows_created.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{upload.rows_refused.toLocaleString('en-US')}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatWhen(upload.created_at, 'MMM D, YYYY h:mm A')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </Stack>
    </Stack>
  );
}
