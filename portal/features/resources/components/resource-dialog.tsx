/**
 * The resources dialog of SPEC §2 (issue 15): adds a carrier document (a file or an https address,
 * for a carrier) or a training video (an MP4 or WebM file, uploaded with its progress shown, or an
 * https address, with a category), or edits an entry's title, description, category and address.
 * The carrier picker offers the families of the catalogue in use (carrier-catalogue/carriers, issue 43).
 * Admins and super-admins only (the server decides).
 */
import {
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CarrierSelect } from '../../../components/carrier-select.tsx';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_HINT,
  type DocumentContentType,
  documentFileProblem,
  MAX_DOCUMENT_BYTES,
} from '../../../lib/document-files.ts';
import { readFileAsBase64 } from '../../../lib/read-file-as-base64.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  createResource,
  MAX_VIDEO_MB,
  type Resource,
  type ResourceKind,
  updateResource,
  uploadVideoFile,
  VIDEO_FILE_TYPES,
} from '../api/resources-api.ts';

/** Props: the kind, the entry to edit (null: a new one), an optional preset carrier, close. */
export interface ResourceDialogProps {
  opened: boolean;
  kind: ResourceKind;
  editing: Resource | null;
  carrier?: string | null;
  onClose: () => void;
}

/** The dialog; its form starts from the entry being edited. */
export function ResourceDialog(props: ResourceDialogProps) {
  const { opened, kind, editing, onClose } = props;
  const video = kind === 'training_video';
  const title = `${editing ? 'Edit' : 'Add'} ${video ? 'training video' : 'carrier document'}`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      {opened && <ResourceForm {...props} key={editing?.id ?? 'new'} />}
    </Modal>
  );
}

function ResourceForm({ kind, editing, carrier: presetCarrier, onClose }: ResourceDialogProps) {
  const queryClient = useQueryClient();
  const video = kind === 'training_video';
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [category, setCategory] = useState(editing?.category ?? '');
  const [carrier, setCarrier] = useState<string | null>(editing?.carrier ?? presetCarrier ?? null);
  const [source, setSource] = useState<'url' | 'file'>(editing?.file_url ? 'file' : 'url');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  /** Share of the video file sent (0 to 1), null when no upload runs. */
  const [sent, setSent] = useState<number | null>(null);
  const urlError = url !== '' && !/^https:\/\/\S+$/.test(url) ? 'An https:// address' : undefined;
  const fileError = !file
    ? undefined
    : video
      ? !VIDEO_FILE_TYPES.includes(file.type)
        ? 'An MP4 or WebM video'
        : file.size > MAX_VIDEO_MB * 1024 * 1024
          ? `At most ${MAX_VIDEO_MB} MB`
          : undefined
      : (documentFileProblem(file) ?? undefined);
  const valid =
    title.trim() !== '' &&
    (video || carrier !== null) &&
    (editing ? !urlError : source === 'url' ? url !== '' && !urlError : file !== null && !fileError);
  const save = async () => {
    setBusy(true);
    let videoFileId: number | null = null;
    if (!editing && video && source === 'file' && file) {
      setSent(0);
      const uploaded = await uploadVideoFile(file, setSent);
      setSent(null);
      if (uploaded.status !== 'success' || !uploaded.data) {
        setBusy(false);
        return;
      }
      videoFileId = uploaded.data.video_file.id;
    }
    const answer = editing
      ? await updateResource(editing.id, {
          title,
          description,
          category,
          ...(editing.url !== null ? { url } : {}),
        })
      : await createResource({
          kind,
          title,
          description,
          category,
          carrier: video ? null : carrier,
          url: source === 'url' ? url : null,
          video_file_id: videoFileId,
          document:
            !video && source === 'file' && file
              ? {
                  name: file.name,
                  // fileError let only the document types through.
                  content_type: file.type as DocumentContentType,
                  content_base64: (await readFileAsBase64(file, MAX_DOCUMENT_BYTES)).content_base64,
                }
              : null,
        });
    setBusy(false);
    if (answer.status !== 'success') return;
    showToast('success', editing ? 'Saved' : 'Added', `“${title.trim()}” is in the library.`);
    await queryClient.invalidateQueries({ queryKey: ['resources'] });
    onClose();
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        required
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={200}
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        maxLength={2000}
        rows={3}
      />
      {video ? (
        <TextInput
          label="Category"
          placeholder="Flood basics, Underwriting, Portal how-to"
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
          maxLength={100}
        />
      ) : (
        <CarrierSelect
          label="Carrier"
          required
          disabled={editing !== null}
          value={carrier}
          onChange={setCarrier}
        />
      )}
      {!editing && (
        <SegmentedControl
          aria-label={video ? 'Where the video is' : 'Where the document is'}
          value={source}
          onChange={(value) => setSource(value as 'url' | 'file')}
          data={[
            { value: 'url', label: 'A web address' },
            {
              value: 'file',
              label: video ? `A video file (MP4 or WebM; ${MAX_VIDEO_MB} MB)` : `A file (${DOCUMENT_HINT})`,
            },
          ]}
        />
      )}
      {(editing ? editing.url !== null : source === 'url') ? (
        <TextInput
          label={video ? 'Video address (https://… .mp4 or .webm)' : 'Address'}
          required
          value={url}
          error={urlError}
          onChange={(e) => setUrl(e.currentTarget.value.trim())}
        />
      ) : (
        !editing && (
          <FileInput
            label={video ? 'Video file' : 'File'}
            required
            accept={video ? VIDEO_FILE_TYPES.join(',') : DOCUMENT_ACCEPT}
            value={file}
            onChange={setFile}
            error={fileError}
            clearable
          />
        )
      )}
      {sent !== null && (
        <Stack gap={4}>
          <Text size="sm">Uploading the video… {Math.round(sent * 100)}%</Text>
          <Progress value={sent * 100} aria-label="Upload progress" />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={busy} disabled={!valid}>
          {editing ? 'Save' : 'Add'}
        </Button>
      </Group>
    </Stack>
  );
}
