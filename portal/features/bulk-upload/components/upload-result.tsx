/**
 * One upload's progress and result (issue 13): rows read of the file, created and refused, live
 * while the import runs (polled, so a reload or another tab shows the same); then the created
 * applications as links and the refused rows with every message, and the error file to fix and
 * upload again. The progress and the outcome are read out (lib/announce.ts, issue 46).
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApplicationLink } from '../../../components/application-link.tsx';
import { announce } from '../../../lib/announce.ts';
import { showToast } from '../../../lib/toast.ts';
import { downloadErrorFile } from '../api/download-error-file.ts';
import { useUpload } from '../api/get-upload.ts';
import { isImporting } from '../api/upload-types.ts';
import { UploadStatusBadge } from './upload-status-badge.tsx';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

/** "120 of 200 rows read (60%)": the progress line under the bar. */
function progressText(upload: { rows_read: number; rows_total: number }, percent: number): string {
  return `${upload.rows_read.toLocaleString('en-US')} of ${upload.rows_total.toLocaleString('en-US')} rows read (${percent}%)`;
}

function percentRead(upload: { rows_read: number; rows_total: number }): number {
  return upload.rows_total ? Math.round((upload.rows_read / upload.rows_total) * 100) : 0;
}

/** The card of upload `id`: loading, not found, progress, result. */
export function UploadResult({ id }: { id: number }) {
  const query = useUpload(id);
  const [downloading, setDownloading] = useState(false);
  const shown = query.data?.upload;
  // What the card shows as the import goes on, then its outcome, read out politely (issue 46); an
  // upload that had finished before the card opened is only shown.
  const importing = shown !== undefined && isImporting(shown);
  const spoken = !shown
    ? ''
    : shown.status === 'done'
      ? `Upload done: ${shown.rows_created} created, ${shown.rows_refused} refused`
      : shown.status === 'failed'
        ? `Upload failed: ${shown.error ?? 'the import stopped'}`
        : `Rows read: ${shown.rows_read} of ${shown.rows_total} (${percentRead(shown)}%)`;
  const followingImport = useRef(false);
  useEffect(() => {
    if (importing) followingImport.current = true;
    if (followingImport.current) announce(spoken);
  }, [importing, spoken]);
  if (query.isPending) {
    return (
      <Card
        withBorder
        radius="md"
        padding="md"
        role="status"
        aria-busy="true"
        aria-label="Loading the upload"
      >
        <Skeleton height={20} width="40%" mb="md" />
        <Skeleton height={12} mb="md" />
        <Skeleton height={60} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This upload cannot be shown">
        {query.error.message}
      </Alert>
    );
  }
  const { upload, created, refused } = query.data;
  const percent = percentRead(upload);
  async function download() {
    setDownloading(true);
    try {
      await downloadErrorFile(upload.id);
    } catch (error) {
      showToast(
        'warning',
        'Message',
        error instanceof Error ? error.message : 'The error file could not be downloaded.',
      );
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Card withBorder radius="md" padding="md" aria-label={`Upload ${upload.file_name}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} fz="lg">
              {upload.file_name}
            </Title>
            <UploadStatusBadge status={upload.status} />
            {upload.launch_valid && (
              <Badge variant="outline" color="gray">
                Launch at once
              </Badge>
            )}
          </Group>
          {upload.rows_refused > 0 && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={download}
              loading={downloading}
              disabled={isImporting(upload)}
            >
              Download error file
            </Button>
          )}
        </Group>
        <Stack gap={4}>
          <Progress value={percent} animated={isImporting(upload)} aria-label="Rows read" size="lg" />
          <Text size="sm" c="dimmed">
            {progressText(upload, percent)}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Figure label="Rows read" value={upload.rows_read} />
          <Figure label="Created" value={upload.rows_created} />
          <Figure label="Refused" value={upload.rows_refused} />
        </SimpleGrid>
        {upload.error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The import stopped">
            {upload.error}
          </Alert>
        )}
        {created.length > 0 && (
          <Stack gap={4}>
            <Text fw={600}>Created applications</Text>
            <Group gap="xs" aria-label="Created applications">
              {created.map((row) =>
                row.application_id ? (
                  <ApplicationLink key={row.row_number} size="sm" applicationId={row.application_id}>
                    {row.reference}
                  </ApplicationLink>
                ) : null,
              )}
              {upload.rows_created > created.length && (
                <Text size="sm" c="dimmed">
                  and {(upload.rows_created - created.length).toLocaleString('en-US')} more in Applications
                </Text>
              )}
            </Group>
          </Stack>
        )}
        {refused.length > 0 && (
          <Stack gap={4}>
            <Text fw={600}>Refused rows</Text>
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing={4} aria-label="Refused rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>Row</Table.Th>
                    <Table.Th>Messages</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {refused.map((row) => (
                    <Table.Tr key={row.row_number}>
                      <Table.Td>{row.row_number}</Table.Td>
                      <Table.Td>
                        <List size="sm">
                          {Object.entries(row.messages).map(([field, message]) => (
                            <List.Item key={field}>{message}</List.Item>
                          ))}
                        </List>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
