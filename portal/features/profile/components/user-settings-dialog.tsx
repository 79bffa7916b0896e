/** The user settings dialog of SPEC §2 Dialogs: time zone, notifications, default page size. */
import { Alert, Button, Group, Modal, Select, Stack, Switch } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { PER_PAGE_OPTIONS, type UserSettings } from '../../../lib/user-settings.ts';
import { useUpdateUserSettings } from '../api/update-settings.ts';

/** Time zones offered (US states and territories the agency writes in), IANA names. */
export const TIMEZONE_OPTIONS = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;

/** Props: open state, current settings, and close. */
export interface UserSettingsDialogProps {
  opened: boolean;
  onClose: () => void;
  current: UserSettings;
}

/** Modal form saving through profile/update-settings. */
export function UserSettingsDialog({ opened, onClose, current }: UserSettingsDialogProps) {
  const [values, setValues] = useState<UserSettings>(current);
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateUserSettings();

  // The parent rebuilds `current` on every render; reset only when the dialog opens or the values differ.
  const currentKey = JSON.stringify(current);
  useEffect(() => {
    if (opened) {
      setValues(JSON.parse(currentKey) as UserSettings);
      setFormError(null);
    }
  }, [opened, currentKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await mutation.mutateAsync(values);
      showToast('success', 'Settings', 'Settings saved.');
      onClose();
    } catch (error) {
      setFormError((error as Error).message || 'Internet issue or contact IT.');
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="User settings" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Select
            label="Time zone"
            placeholder="Company default"
            data={[...TIMEZONE_OPTIONS]}
            value={values.timezone}
            onChange={(timezone) => setValues({ ...values, timezone })}
            clearable
          />
          <Switch
            label="Email notifications"
            checked={values.email_notifications}
            onChange={(e) => setValues({ ...values, email_notifications: e.currentTarget.checked })}
          />
          <Switch
            label="SMS notifications"
            checked={values.sms_notifications}
            onChange={(e) => setValues({ ...values, sms_notifications: e.currentTarget.checked })}
          />
          <Select
            label="Rows per page"
            data={PER_PAGE_OPTIONS.map(String)}
            value={String(values.default_per_page)}
            onChange={(value) =>
              setValues({
                ...values,
                default_per_page: Number(value ?? 25) as UserSettings['default_per_page'],
              })
            }
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
