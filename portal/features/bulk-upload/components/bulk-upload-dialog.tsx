/**
 * The bulk upload dialog (SPEC §2 Dialogs, issue 13): pick a CSV or XLSX file and the product,
 * then check the proposed field of each column and the first rows' messages as the engine gives
 * them, choose whether valid rows launch at once, and start the import. The server proposes the
 * mapping (field names and labels, and the company's earlier choices) and checks every row again.
 */
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { QUOTE_TYPES } from '../../../lib/constants.ts';
import { readFileAsBase64 } from '../../../lib/read-file-as-base64.ts';
import { useCreateBulkUpload } from '../api/create-application.ts';
import {
  type FilePreview,
  type UploadProduct,
  usePreviewApplicationFile,
} from '../api/preview-application-file.ts';
import type { UploadFile, UploadView } from '../api/upload-types.ts';

/** Largest file the dialog sends, in bytes (the server's limit, 20 MiB). */
export const MAX_BULK_FILE_BYTES = 20 * 1024 * 1024;

export interface BulkUploadDialogProps {
  opened: boolean;
  /** The agent the rows' applications belong to, chosen by an admin (issue 40); null: the signed-in agent. */
  agent: { id: number; name: string } | null;
  onClose: () => void;
  /** The import started (or the same file was found uploaded before: `duplicate`). */
  onCreated: (upload: UploadView, duplicate: boolean) => void;
}

function problemOf(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiRequestError || error instanceof Error
    ? error.message
    : 'The file could not be read.';
}

/** The dialog; its state starts over each time it opens. */
export function BulkUploadDialog({ opened, agent, onClose, onCreated }: BulkUploadDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Bulk upload"
      size="70rem"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <BulkUploadSteps agent={agent} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function BulkUploadSteps({ agent, onClose, onCreated }: Omit<BulkUploadDialogProps, 'opened'>) {
  const [picked, setPicked] = useState<File | null>(null);
  const [product, setProduct] = useState<UploadProduct>('Primary');
  const [file, setFile] = useState<UploadFile | null>(null);
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [launchValid, setLaunchValid] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const previewCall = usePreviewApplicationFile();
  const createCall = useCreateBulkUpload();

  async function readAndPreview() {
    if (!picked) return;
    setReadError(null);
    try {
      const read = await readFileAsBase64(picked, MAX_BULK_FILE_BYTES);
      const next = { file_name: read.name, content_base64: read.content_base64 };
      setFile(next);
      setPreview(await previewCall.mutateAsync({ file: next, product }));
    } catch (error) {
      if (!(error instanceof ApiRequestError)) setReadError(problemOf(error));
    }
  }

  async function remap(index: number, field: string | null) {
    if (!file || !preview) return;
    const mapping = preview.mapping.map((current, i) =>
      i === index ? field : current === field ? null : current,
    );
    setPreview({ ...preview, mapping });
    try {
      setPreview(await previewCall.mutateAsync({ file, product, mapping }));
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  async function startImport() {
    if (!file || !preview) return;
    const answer = await createCall.mutateAsync({
      agentId: agent?.id ?? null,
      file,
      product,
      mapping: preview.mapping,
      launch_valid: launchValid,
    });
    onCreated(answer.upload, answer.duplicate);
  }

  const problem = readError ?? problemOf(previewCall.error);
  if (!preview) {
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          One row per property, the first row naming the columns. CSV (UTF-8) or XLSX, up to 20 MB.
        </Text>
        {agent && (
          <Text size="sm">
            The applications will belong to <b>{agent.name}</b>.
          </Text>
        )}
        <FileInput
          label="File"
          placeholder="Choose a .csv or .xlsx file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          value={picked}
          onChange={setPicked}
          clearable
        />
        <Select
          label="Product"
          data={QUOTE_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          value={product}
          // The Select offers the quote types the server takes.
          onChange={(value) => setProduct((value ?? 'Primary') as UploadProduct)}
          allowDeselect={false}
        />
        {problem && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This file cannot be imported">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={readAndPreview} disabled={!picked} loading={previewCall.isPending}>
            Next: map columns
          </Button>
        </Group>
      </Stack>
    );
  }

  const fieldOptions = preview.fields.map((f) => ({ value: f.field, label: `${f.label} (${f.field})` }));
  const ready = preview.rows.filter((row) => Object.keys(row.messages).length === 0).length;
  const mapped = preview.mapping.filter(Boolean).length;
  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{file?.file_name}</b>: {preview.rows_total} rows. Check the field of each column; the first rows
        are checked as the form checks them.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} aria-label="Column mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Field</Table.Th>
              <Table.Th>First row</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and headers may repeat
              <Table.Tr key={index}>
                <Table.Td fw={600}>{header}</Table.Td>
                <Table.Td miw={240}>
                  <Select
                    aria-label={`Field of column ${header}`}
                    placeholder="Not imported"
                    data={fieldOptions}
                    value={preview.mapping[index]}
                    onChange={(value) => void remap(index, value)}
                    searchable
                    clearable
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {preview.rows[0]?.cells[index] || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Preview: {ready} of the first {preview.rows.length} rows are ready
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4} aria-label="Preview of the first rows">
            <Table.Tbody>
              {preview.rows.map((row) => {
                const messages = Object.values(row.messages);
                return (
                  <Table.Tr key={row.row_number}>
                    <Table.Td w={70}>Row {row.row_number}</Table.Td>
                    <Table.Td>
                      {messages.length === 0 ? (
                        <Badge color="green" variant="light">
                          Ready
                        </Badge>
                      ) : (
                        <List size="sm">
                          {messages.map((message) => (
                            <List.Item key={message}>{message}</List.Item>
                          ))}
                        </List>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Switch
        label="Launch valid rows to carriers at once"
        checked={launchValid}
        onChange={(event) => setLaunchValid(event.currentTarget.checked)}
      />
      {(problemOf(previewCall.error) || problemOf(createCall.error)) && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This file cannot be imported">
          {problemOf(createCall.error) ?? problemOf(previewCall.error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => setPreview(null)}>
          Back
        </Button>
        <Button onClick={startImport} loading={createCall.isPending} disabled={mapped === 0}>
          Import {preview.rows_total} rows
        </Button>
      </Group>
    </Stack>
  );
}
