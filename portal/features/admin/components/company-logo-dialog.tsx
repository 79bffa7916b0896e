/**
 * The company logo dialog of SPEC §2 Dialogs: pick an image, preview it, upload it as base64
 * (companies/set-logo), or remove the current logo.
 */
import { Button, Center, FileButton, Group, Image, Modal, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { serverUrl } from '../../../lib/api-base.ts';
import { type Base64File, readFileAsBase64 } from '../../../lib/read-file-as-base64.ts';
import { showToast } from '../../../lib/toast.ts';
import type { CompanyRecord } from '../api/companies-api.ts';
import {
  type CompanyLogo,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  setCompanyLogo,
} from '../api/companies-api.ts';

/** Props: open state, the company, and close. */
export interface CompanyLogoDialogProps {
  opened: boolean;
  company: CompanyRecord | null;
  onClose: () => void;
}

/** Why `file` cannot be a logo (type or size), or null when it can. */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG, SVG or WebP image.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be at most 512 KB.';
  return null;
}

/** Preview of the chosen (or current) logo with Choose, Remove and Upload. */
export function CompanyLogoDialog({ opened, company, onClose }: CompanyLogoDialogProps) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<Base64File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setPicked(null);
      setError(null);
    }
  }, [opened]);

  async function pick(file: File | null) {
    if (!file) return;
    const problem = logoProblem(file);
    setError(problem);
    if (problem) return;
    try {
      setPicked(await readFileAsBase64(file, LOGO_MAX_BYTES));
    } catch {
      setError('The file could not be read.');
    }
  }

  async function save(logo: Base64File | null) {
    if (!company) return;
    setBusy(true);
    const envelope = await setCompanyLogo(
      company.id,
      // pick() let only LOGO_CONTENT_TYPES through (and the server refuses any other type).
      logo
        ? {
            content_base64: logo.content_base64,
            content_type: logo.content_type as CompanyLogo['content_type'],
          }
        : null,
    );
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] });
      showToast('success', 'Saved', envelope.message || 'Company logo saved.');
      onClose();
      return;
    }
    setError(envelope.message || 'The logo could not be saved.');
  }

  const preview = picked?.data_url ?? (company?.logo_url ? serverUrl(company.logo_url) : null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Company logo${company ? `: ${company.name}` : ''}`}
      centered
    >
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Center mih={120}>
            {preview ? (
              <Image src={preview} alt="Logo preview" mah={120} fit="contain" />
            ) : (
              <Text c="dimmed" size="sm">
                No logo yet
              </Text>
            )}
          </Center>
        </Paper>
        <Text size="xs" c="dimmed">
          PNG, JPEG, SVG or WebP, at most 512 KB.
        </Text>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="space-between">
          <FileButton onChange={pick} accept={LOGO_CONTENT_TYPES.join(',')}>
            {(props) => (
              <Button variant="light" {...props}>
                Choose image
              </Button>
            )}
          </FileButton>
          <Group gap="xs">
            {company?.logo_url && !picked ? (
              <Button color="red" variant="subtle" onClick={() => save(null)} loading={busy}>
                Remove logo
              </Button>
            ) : null}
            <Button onClick={() => save(picked)} disabled={!picked} loading={busy}>
              Upload logo
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
