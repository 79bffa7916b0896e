/**
 * The email and SMS templates dialogs of SPEC §2 Dialogs: list, create, edit and delete templates
 * (portal-settings/{email,sms}-templates/*), with short codes inserted at the caret and a preview
 * rendered by the server (issue 14).
 */
import { Button, Group, Modal, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { insertAtCursor } from '../api/insert-at-cursor.ts';
import type { EmailTemplate, ShortCode, SmsTemplate } from '../api/portal-settings-api.ts';
import { SettingsItemCard, SettingsItemForm, useSettingsItemForm } from './settings-item-editor.tsx';
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
  const editor = useSettingsItemForm<Draft>({
    opened,
    companyId,
    section: kind === 'email' ? 'email-templates' : 'sms-templates',
    empty: EMPTY,
    validate: (values) => validateTemplate(values, kind, shortCodes),
    toItem: (values) =>
      kind === 'email'
        ? { name: values.name.trim(), subject: values.subject.trim(), body: values.body }
        : { name: values.name.trim(), body: values.body },
  });
  const { values: draft, errors, set } = editor.form;
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const target = useRef<'subject' | 'body'>('body');

  function insert(code: string) {
    const field = kind === 'email' ? target.current : 'body';
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const next = insertAtCursor(
      draft[field],
      code,
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    set({ [field]: next.text });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
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
            <SettingsItemCard
              key={template.id}
              editLabel={`Edit ${template.name}`}
              deleteLabel={`Delete ${template.name}`}
              onEdit={() =>
                editor.edit(template.id, {
                  name: template.name,
                  subject: 'subject' in template ? template.subject : '',
                  body: template.body,
                })
              }
              onDelete={() => editor.remove(template.id)}
            >
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
            </SettingsItemCard>
          ))
        )}
        <SettingsItemForm editor={editor} noun="template" onDone={onClose}>
          <TextInput
            label="Template name"
            required
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
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
              onChange={(e) => set({ subject: e.currentTarget.value })}
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
            onChange={(e) => set({ body: e.currentTarget.value })}
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
          <TemplatePreviewPanel kind={kind} subject={draft.subject} body={draft.body} companyId={companyId} />
        </SettingsItemForm>
      </Stack>
    </Modal>
  );
}
