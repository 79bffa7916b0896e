/**
 * The email and SMS templates dialogs of SPEC §2 Dialogs: list, create, edit and delete templates
 * (portal-settings/{email,sms}-templates/*), with short codes inserted at the caret and a preview
 * rendered by the server (issue 14).
 */
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { EmailTemplate, ShortCode, SmsTemplate } from '../api/admin-types.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { insertAtCursor } from '../api/insert-at-cursor.ts';
import {
  createSettingsItem,
  deleteSettingsItem,
  updateSettingsItem,
  useApplySettings,
} from '../api/portal-settings-api.ts';
import { TemplatePreviewPanel } from './template-preview-panel.tsx';

/** Props: which kind, open state, the templates, the short codes, the company, close. */
export interface TemplatesDialogProps {
  kind: 'email' | 'sms';
  opened: boolean;
  templates: (EmailTemplate | SmsTemplate)[];
  shortCodes: ShortCode[];
  companyId: number | null;
  onClose: () => void;
}

interface Draft {
  name: string;
  subject: string;
  body: string;
}

const EMPTY: Draft = { name: '', subject: '', body: '' };

/**
 * Short codes in `text` that are not in `known`, as `{{name}}`: the variable each `{{ ... }}` reads
 * (spaces and Liquid filters allowed, `{{ first_name | upcase }}` reads first_name), as the server checks.
 */
export function unknownShortCodes(text: string, known: ShortCode[]): string[] {
  const codes = new Set(known.map((c) => c.code));
  const used = [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map(
    (match) => `{{${match[1].trim().split(/[\s|.[]/)[0]}}}`,
  );
  return [...new Set(used)].filter((code) => !codes.has(code));
}

/** The template form's checks: name and body required, subject for e-mail, known short codes only. */
export function validateTemplate(
  draft: Draft,
  kind: 'email' | 'sms',
  known: ShortCode[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name.trim()) errors.name = 'Name cannot be empty!';
  if (kind === 'email' && !draft.subject.trim()) errors.subject = 'Subject cannot be empty!';
  if (!draft.body.trim()) errors.body = 'Body cannot be empty!';
  const unknown = unknownShortCodes(`${draft.subject} ${draft.body}`, known);
  if (unknown.length > 0 && !errors.body) errors.body = `Unknown short code: ${unknown[0]}.`;
  return errors;
}

/** List plus a form; short code buttons insert into the last focused field. */
export function TemplatesDialog({
  kind,
  opened,
  templates,
  shortCodes,
  companyId,
  onClose,
}: TemplatesDialogProps) {
  const apply = useApplySettings(companyId);
  const section = kind === 'email' ? 'email-templates' : 'sms-templates';
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const target = useRef<'subject' | 'body'>('body');

  useEffect(() => {
    if (opened) {
      setEditing(null);
      setDraft(EMPTY);
      setErrors({});
    }
  }, [opened]);

  function insert(code: string) {
    const field = kind === 'email' ? target.current : 'body';
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const next = insertAtCursor(
      draft[field],
      code,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    setDraft((prev) => ({ ...prev, [field]: next.text }));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = validateTemplate(draft, kind, shortCodes);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const item: Record<string, unknown> =
      kind === 'email'
        ? { name: draft.name.trim(), subject: draft.subject.trim(), body: draft.body }
        : { name: draft.name.trim(), body: draft.body };
    setBusy(true);
    const envelope = await apply(
      editing === null
        ? createSettingsItem(companyId, section, item)
        : updateSettingsItem(companyId, section, editing, item),
    );
    setBusy(false);
    if (envelope.status === 'success') {
      setEditing(null);
      setDraft(EMPTY);
    } else setErrors(fieldErrors(envelope));
  }

  const title = kind === 'email' ? 'Email templates' : 'SMS templates';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': `Close ${title.toLowerCase()}` }}
    >
      <Stack gap="md">
        {templates.length === 0 ? (
          <Text c="dimmed" size="sm">
            No {kind === 'email' ? 'email' : 'SMS'} templates yet.
          </Text>
        ) : (
          templates.map((template) => (
            <Paper key={template.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="sm" fw={600}>
                    {template.name}
                  </Text>
                  {'subject' in template ? (
                    <Text size="xs" c="dimmed">
                      {template.subject}
                    </Text>
                  ) : null}
                  <Text size="sm" lineClamp={2}>
                    {template.body}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${template.name}`}
                    onClick={() => {
                      setEditing(template.id);
                      setDraft({
                        name: template.name,
                        subject: 'subject' in template ? template.subject : '',
                        body: template.body,
                      });
                      setErrors({});
                    }}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${template.name}`}
                    onClick={() => apply(deleteSettingsItem(companyId, section, template.id))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text fw={600} size="sm">
              {editing === null ? 'New template' : 'Edit template'}
            </Text>
            <TextInput
              label="Template name"
              required
              value={draft.name}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDraft((prev) => ({ ...prev, name: value }));
              }}
              error={errors.name}
            />
            {kind === 'email' ? (
              <TextInput
                ref={subjectRef}
                label="Subject"
                required
                value={draft.subject}
                onFocus={() => {
                  target.current = 'subject';
                }}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setDraft((prev) => ({ ...prev, subject: value }));
                }}
                error={errors.subject}
              />
            ) : null}
            <Textarea
              ref={bodyRef}
              label="Body"
              required
              resize="vertical"
              rows={4}
              value={draft.body}
              onFocus={() => {
                target.current = 'body';
              }}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDraft((prev) => ({ ...prev, body: value }));
              }}
              error={errors.body}
              description={kind === 'sms' ? `${draft.body.length} characters` : undefined}
            />
            <div>
              <Text size="xs" c="dimmed" mb={4}>
                Insert a short code
              </Text>
              <Group gap={6}>
                {shortCodes.map((code) => (
                  <Tooltip key={code.code} label={code.description} withArrow>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => insert(code.code)}
                    >
                      {code.code}
                    </Button>
                  </Tooltip>
                ))}
              </Group>
            </div>
            <TemplatePreviewPanel
              kind={kind}
              subject={draft.subject}
              body={draft.body}
              companyId={companyId}
            />
            <Group justify="flex-end">
              {editing !== null ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    setDraft(EMPTY);
                  }}
                >
                  Cancel edit
                </Button>
              ) : (
                <Button variant="default" onClick={onClose}>
                  Done
                </Button>
              )}
              <Button type="submit" loading={busy}>
                {editing === null ? 'Add template' : 'Save template'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
