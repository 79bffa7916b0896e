/**
 * /dashboard/bulk-upload (SPEC §2, issue 13): start a bulk upload (the dialog), follow the chosen
 * upload's progress and result (its id in the URL, so a reload shows it again), and the newest
 * uploads of the caller (an agent their own, an admin the company's).
 */
import {
  Alert,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
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
  // Applications belong to an agent: a user without an agent record uploads by acting as one.
  const isAgent = Boolean(useAuth().user?.agent?.id);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>Bulk upload</Title>
          <Text c="dimmed" size="sm">
            Create many applications from a CSV or XLSX file, one row per property.
          </Text>
        </Stack>
        <Button
          leftSection={<IconUpload size={18} aria-hidden />}
          onClick={() => setDialogOpen(true)}
          disabled={!isAgent}
        >
          Upload a file
        </Button>
      </Group>
      {!isAgent && (
        <Alert color="blue" title="Uploads are made as an agent">
          The applications of a file belong to an agent: act as the agent (user management) to upload for
          them. Your agency's uploads are listed below.
        </Alert>
      )}
      <BulkUploadDialog
        opened={dialogOpen}
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
        <Title order={3} fz="lg">
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
