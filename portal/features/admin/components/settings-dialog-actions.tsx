/**
 * The action row of a settings dialog (SMTP, SMS provider, webhook URL): "Remove ..." on the left
 * when something is stored, Cancel and the submit button on the right.
 */
import { Button, Group } from '@mantine/core';

/** Props: the remove action (null: nothing stored), the submit label, busy state and cancel. */
export interface SettingsDialogActionsProps {
  remove: { label: string; onRemove: () => void } | null;
  saveLabel: string;
  busy: boolean;
  onCancel: () => void;
}

/** Remove on the left, Cancel and the form's submit button on the right. */
export function SettingsDialogActions({ remove, saveLabel, busy, onCancel }: SettingsDialogActionsProps) {
  return (
    <Group justify="space-between">
      {remove ? (
        <Button color="red" variant="subtle" onClick={remove.onRemove} loading={busy}>
          {remove.label}
        </Button>
      ) : (
        <span />
      )}
      <Group gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {saveLabel}
        </Button>
      </Group>
    </Group>
  );
}
