/**
 * The list sections of the portal settings (dynamic banners, e-mail and SMS templates;
 * portal-settings/<section>/{create,update,delete}): each item as a card with edit and delete, and
 * one form below that adds an item or saves the one being edited. docs/decisions/441,
 * docs/adding-a-setting.md.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { type FormErrors, useSettingsForm } from '../../../lib/use-settings-form.ts';
import {
  createSettingsItem,
  deleteSettingsItem,
  type SettingsListSection,
  updateSettingsItem,
  useApplySettings,
} from '../api/portal-settings-api.ts';

/** What a list section's form does; `D` is the form's values (an item without its id). */
export interface SettingsItemFormOptions<D> {
  opened: boolean;
  companyId: number | null;
  section: SettingsListSection;
  empty: D;
  validate: (values: D) => FormErrors;
  /** The item as sent (trimmed texts, fields of the section). */
  toItem: (values: D) => Record<string, unknown>;
}

/** A list section's form state: `editing` is the id of the item being edited, null when adding. */
export function useSettingsItemForm<D>({
  opened,
  companyId,
  section,
  empty,
  validate,
  toItem,
}: SettingsItemFormOptions<D>) {
  const apply = useApplySettings(companyId);
  const [editing, setEditing] = useState<number | null>(null);
  const form = useSettingsForm<D>({
    opened,
    initial: () => empty,
    validate,
    send: (values) =>
      apply(
        editing === null
          ? createSettingsItem(companyId, section, toItem(values))
          : updateSettingsItem(companyId, section, editing, toItem(values)),
      ),
    onSaved: () => cancelEdit(),
  });

  useEffect(() => {
    if (opened) setEditing(null);
  }, [opened]);

  function cancelEdit() {
    setEditing(null);
    form.reset();
  }

  return {
    form,
    editing,
    /** Loads item `id` into the form. */
    edit: (id: number, values: D) => {
      setEditing(id);
      form.set(values);
      form.setErrors({});
    },
    cancelEdit,
    remove: (id: number) => apply(deleteSettingsItem(companyId, section, id)),
  };
}

/** Props of one item's card: what it shows, the names of its two buttons, and their actions. */
export interface SettingsItemCardProps {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}

/** An item: its content on the left, edit and delete on the right. */
export function SettingsItemCard({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  children,
}: SettingsItemCardProps) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>{children}</div>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/** Props of the form: the editor (useSettingsItemForm), the item's noun ("banner"), close, and the fields. */
export interface SettingsItemFormProps {
  editor: Pick<ReturnType<typeof useSettingsItemForm>, 'form' | 'editing' | 'cancelEdit'>;
  noun: string;
  onDone: () => void;
  children: ReactNode;
}

/** "New <noun>" / "Edit <noun>", the fields, then "Cancel edit" or "Done" and "Add <noun>" / "Save <noun>". */
export function SettingsItemForm({ editor, noun, onDone, children }: SettingsItemFormProps) {
  const { form, editing, cancelEdit } = editor;
  return (
    <form onSubmit={form.save} noValidate>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {editing === null ? `New ${noun}` : `Edit ${noun}`}
        </Text>
        {children}
        <Group justify="flex-end">
          {editing !== null ? (
            <Button variant="default" onClick={cancelEdit}>
              Cancel edit
            </Button>
          ) : (
            <Button variant="default" onClick={onDone}>
              Done
            </Button>
          )}
          <Button type="submit" loading={form.busy}>
            {editing === null ? `Add ${noun}` : `Save ${noun}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
