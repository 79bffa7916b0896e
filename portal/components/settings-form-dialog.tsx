/**
 * The one dialog of the account and settings forms (issue 16 clean-up, docs/decisions/441): a
 * modal holding a form whose state is a `useSettingsForm`, the form-level alert, the fields, and
 * the actions: "Remove ..." on the left when something is stored, Cancel and the submit button
 * on the right. docs/adding-a-setting.md.
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SettingsForm } from '../lib/use-settings-form.ts';
import { FormAlert } from './form-alert.tsx';

/** Props: the modal's title, the form's state, the submit label and the optional remove action. */
export interface SettingsFormDialogProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  form: Pick<SettingsForm<unknown>, 'save' | 'busy' | 'errors'>;
  saveLabel: string;
  /** "Remove ..." on the left (null or absent: nothing stored to remove). */
  remove?: { label: string; onRemove: () => void } | null;
  children: ReactNode;
}

/** Modal > form > fields and actions. */
export function SettingsFormDialog({
  title,
  opened,
  onClose,
  form,
  saveLabel,
  remove,
  children,
}: SettingsFormDialogProps) {
  const actions = (
    <Group gap="xs">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" loading={form.busy}>
        {saveLabel}
      </Button>
    </Group>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={form.save} noValidate>
        <Stack gap="md">
          <FormAlert message={form.errors.form} />
          {children}
          {remove ? (
            <Group justify="space-between">
              <Button color="red" variant="subtle" onClick={remove.onRemove} loading={form.busy}>
                {remove.label}
              </Button>
              {actions}
            </Group>
          ) : (
            <Group justify="flex-end">{actions}</Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
