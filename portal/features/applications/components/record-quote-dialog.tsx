/**
 * "Record quote" for staff (admin or super-admin): the underwriter's answer to a pending manual
 * quote — status, annual premium, coverages, message and a document — sent with record-manual-quote.
 * docs/api.md (issue 3).
 */
import {
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_HINT,
  type DocumentContentType,
  documentFileProblem,
  MAX_DOCUMENT_BYTES,
} from '../../../lib/document-files.ts';
import { readFileAsBase64 } from '../../../lib/read-file-as-base64.ts';
import type { Application, Quote } from '../api/application-types.ts';
import { type ManualQuoteInput, recordManualQuote } from '../api/record-manual-quote.ts';

/** Roles allowed to record a manual quote. docs/api.md record-manual-quote. */
export const RECORDING_ROLES: readonly string[] = ['admin', 'super-admin'];

/** True when a user with `role` may record manual quotes. */
export function canRecordManualQuote(role: string | null | undefined): boolean {
  return typeof role === 'string' && RECORDING_ROLES.includes(role);
}

/** The form's values; money in dollars, null when empty. */
export interface RecordQuoteValues {
  status: 'quoted' | 'declined';
  premium: number | null;
  building_limit: number | null;
  contents_limit: number | null;
  deductible: number | null;
  message: string;
}

/**
 * Errors by field: a quoted answer needs a premium above $0 and a building or contents limit; a
 * declined one needs the reason in the message. Empty when the values can be sent.
 */
export function recordQuoteErrors(
  values: RecordQuoteValues,
): Partial<Record<keyof RecordQuoteValues, string>> {
  const errors: Partial<Record<keyof RecordQuoteValues, string>> = {};
  if (values.status === 'quoted') {
    if (values.premium === null || values.premium <= 0) errors.premium = 'Premium must be greater than 0';
    if (!values.building_limit && !values.contents_limit)
      errors.building_limit = 'Enter the building or the contents coverage';
  } else if (!values.message.trim()) {
    errors.message = 'Say why the carrier declined';
  }
  return errors;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function toNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value.trim() === '' ? null : Number(value);
}

/** Props: the pending manual quote (null = closed), the application, close, and the updated application. */
export interface RecordQuoteDialogProps {
  quote: Quote | null;
  application: Application;
  onClose: () => void;
  onRecorded: (application: Application) => void;
}

/** The staff form. */
export function RecordQuoteDialog({ quote, application, onClose, onRecorded }: RecordQuoteDialogProps) {
  const [values, setValues] = useState<RecordQuoteValues>({
    status: 'quoted',
    premium: null,
    building_limit: null,
    contents_limit: null,
    deductible: null,
    message: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof RecordQuoteValues | 'document', string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<RecordQuoteValues>) => setValues((prev) => ({ ...prev, ...patch }));

  // Each opening prefills the coverages asked for: the quote's own, else the application's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when another quote opens, not on every poll.
  useEffect(() => {
    if (!quote) return;
    const doc = application.payload?.useable_details ?? {};
    setValues({
      status: 'quoted',
      premium: null,
      building_limit: num(quote.coverages?.building_limit) ?? num(doc.building_limit),
      contents_limit: num(quote.coverages?.contents_limit) ?? num(doc.contents_limit),
      deductible: num(quote.coverages?.deductible) ?? num(doc.deductible),
      message: '',
    });
    setFile(null);
    setErrors({});
  }, [quote?.id]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!quote) return;
    const found: Partial<Record<keyof RecordQuoteValues | 'document', string>> = recordQuoteErrors(values);
    let document: ManualQuoteInput['document'] = null;
    if (file) {
      try {
        const problem = documentFileProblem(file);
        if (problem) found.document = problem;
        else {
          const read = await readFileAsBase64(file, MAX_DOCUMENT_BYTES);
          document = {
            name: read.name,
            content_base64: read.content_base64,
            content_type: file.type as DocumentContentType,
          };
        }
      } catch (error) {
        found.document = (error as Error).message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const quoted = values.status === 'quoted';
    const envelope = await recordManualQuote(application.id, {
      quote_id: quote.id,
      status: values.status,
      premium: quoted ? values.premium : null,
      coverages: {
        building_limit: values.building_limit,
        contents_limit: values.contents_limit,
        deductible: values.deductible,
      },
      message: values.message.trim(),
      document,
    });
    setBusy(false);
    if (envelope.status === 'success' && envelope.data?.application) {
      onClose();
      onRecorded(envelope.data.application);
    }
  }

  const money = (key: 'premium' | 'building_limit' | 'contents_limit' | 'deductible', label: string) => (
    <NumberInput
      label={label}
      prefix="$"
      thousandSeparator=","
      allowNegative={false}
      decimalScale={key === 'premium' ? 2 : 0}
      min={0}
      value={values[key] ?? ''}
      onChange={(value) => set({ [key]: toNumber(value) })}
      error={errors[key]}
      required={key === 'premium' && values.status === 'quoted'}
    />
  );

  return (
    <Modal opened={quote !== null} onClose={onClose} title="Record quote" centered size="lg">
      {quote && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              The underwriter’s answer for <b>{quote.display_name}</b> on {application.application_id}. The
              agent sees it beside the other quotes.
            </Text>
            <SegmentedControl
              aria-label="Answer"
              value={values.status}
              onChange={(value) => set({ status: value as RecordQuoteValues['status'] })}
              data={[
                { value: 'quoted', label: 'Quoted' },
                { value: 'declined', label: 'Declined' },
              ]}
            />
            {values.status === 'quoted' && money('premium', 'Annual premium')}
            <Group grow align="flex-start">
              {money('building_limit', 'Building coverage')}
              {money('contents_limit', 'Contents coverage')}
              {money('deductible', 'Deductible')}
            </Group>
            <Textarea
              label={values.status === 'declined' ? 'Reason' : 'Message'}
              rows={3}
              value={values.message}
              onChange={(e) => set({ message: e.currentTarget.value })}
              error={errors.message}
              required={values.status === 'declined'}
            />
            <FileInput
              label="Quote document"
              placeholder={DOCUMENT_HINT}
              accept={DOCUMENT_ACCEPT}
              leftSection={<IconPaperclip size={16} />}
              value={file}
              onChange={setFile}
              clearable
              error={errors.document}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Record quote
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
