/**
 * The reports CSV export dialog (SPEC §2 dialogs, issue 12): choose the columns and the range
 * (the page's filters apply), then download the streamed file.
 */
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { EXPORT_COLUMN_LABELS, type ExportColumn, exportReportCsv } from '../api/export-report-csv.ts';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      setSaved(await exportReportCsv({ from, to, filters: query.filters }, columns));
    } catch (caught) {
      setError((caught as Error).message || 'Internet issue or contact IT.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Export report as CSV" centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The file holds every application of the range that matches the page's filters.
        </Text>
        <Group grow>
          <TextInput
            type="date"
            label="From"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            min={from}
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
              <Checkbox key={column} value={column} label={EXPORT_COLUMN_LABELS[column]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Export failed">
            {error}
          </Alert>
        )}
        {saved && (
          <Alert color="green" title="Downloaded">
            {saved}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={busy}
            disabled={columns.length === 0 || !from || !to}
            onClick={() => void download()}
          >
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
