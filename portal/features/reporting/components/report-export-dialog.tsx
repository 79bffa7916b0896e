/**
 * The reports CSV export dialog (SPEC §2 dialogs, issue 12): choose the columns and the range
 * (the page's filters apply), start the export job, watch its progress, then download the file
 * from the report downloads path (docs/decisions/411-report-exports-as-jobs.md) until it expires
 * (docs/decisions/450-report-export-retention.md).
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { serverUrl } from '../../../lib/api-base.ts';
import { formatInUserZone } from '../../../lib/format-when.ts';
import {
  EXPORT_COLUMN_LABELS,
  type ExportColumn,
  startReportExport,
  useReportExport,
} from '../api/export-report-csv.ts';
import type { ReportQuery } from '../api/get-report.ts';

const ALL_COLUMNS = Object.keys(EXPORT_COLUMN_LABELS) as ExportColumn[];

/** Props: open state, the page's query (range and filters to start from), close action. */
export interface ReportExportDialogProps {
  opened: boolean;
  query: ReportQuery;
  onClose: () => void;
}

/** The dialog; mounted fresh each time it opens, so it starts from the page's range. */
export function ReportExportDialog({ opened, query, onClose }: ReportExportDialogProps) {
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  const [columns, setColumns] = useState<ExportColumn[]>(ALL_COLUMNS);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [exportId, setExportId] = useState<number | null>(null);
  const job = useReportExport(exportId).data;
  const running = exportId !== null && job?.status !== 'done' && job?.status !== 'failed';

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setExportId((await startReportExport({ from, to, filters: query.filters }, columns)).id);
    } catch (caught) {
      setError((caught as Error).message || 'Internet issue or contact IT.');
    } finally {
      setStarting(false);
    }
  };

  const total = job?.rows_total ?? null;
  const written = job?.rows_written ?? 0;
  const percent = total
    ? Math.min(100, Math.round((written / total) * 100))
    : job?.status === 'done'
      ? 100
      : 0;

  return (
    <Modal opened={opened} onClose={onClose} title="Export report as CSV" centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The file holds every application of the range that matches the page's filters. It is prepared in the
          background; you can keep working and download it here when it is ready.
        </Text>
        <Group grow>
          <TextInput
            type="date"
            label="From"
            value={from}
            max={to}
            disabled={running}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            min={from}
            disabled={running}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
        <Checkbox.Group
          label="Columns"
          value={columns}
          onChange={(value) => setColumns(ALL_COLUMNS.filter((c) => value.includes(c)))}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
            {ALL_COLUMNS.map((column) => (
              <Checkbox key={column} value={column} label={EXPORT_COLUMN_LABELS[column]} disabled={running} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Export failed">
            {error}
          </Alert>
        )}
        {exportId !== null && job?.status !== 'done' && job?.status !== 'failed' && (
          <Stack gap={4}>
            <Progress value={percent} animated aria-label="Export progress" />
            <Text size="sm" c="dimmed" aria-live="polite">
              {total === null
                ? 'Preparing the export…'
                : `${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows written`}
            </Text>
          </Stack>
        )}
        {job?.status === 'failed' && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Export failed">
            {job.error}
          </Alert>
        )}
        {job?.status === 'done' && job.download_url && (
          <Alert color="green" title="Your file is ready">
            <Group gap="xs">
              <Text size="sm">
                {job.rows_written === 1 ? '1 row.' : `${job.rows_written.toLocaleString('en-US')} rows.`}
              </Text>
              <Text size="sm">Kept until {formatInUserZone(job.expires_at, 'MMM D, YYYY h:mm A')}.</Text>
              <Button
                component="a"
                // A link carries no JSON body: the download reads the session cookie (ADR 748).
                href={serverUrl(job.download_url)}
                download={job.file_name}
                size="xs"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Download {job.file_name}
              </Button>
            </Group>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconFileExport size={16} />}
            loading={starting || running}
            disabled={columns.length === 0 || !from || !to}
            onClick={() => void start()}
          >
            {job?.status === 'done' ? 'Export again' : 'Start export'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
