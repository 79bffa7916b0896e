/** The user settings dialog of SPEC §2 Dialogs: time zone, notifications, default page size. */
import { Select, Switch } from '@mantine/core';
import { SettingsFormDialog } from '../../../components/settings-form-dialog.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
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
  const updateUserSettings = useUpdateUserSettings();
  // The parent rebuilds `current` on every render; start again only when the values differ.
  const currentKey = JSON.stringify(current);
  const form = useSettingsForm<UserSettings>({
    opened,
    source: currentKey,
    initial: () => JSON.parse(currentKey) as UserSettings,
    send: updateUserSettings,
    onSaved: () => {
      showToast('success', 'Settings', 'Settings saved.');
      onClose();
    },
    refused: (envelope) => ({ form: envelope.message || 'Internet issue or contact IT.' }),
  });
  const { values, set } = form;

  return (
    <SettingsFormDialog
      title="User settings"
      opened={opened}
      onClose={onClose}
      form={form}
      saveLabel="Save settings"
    >
      <Select
        label="Time zone"
        placeholder="Company default"
        data={[...TIMEZONE_OPTIONS]}
        value={values.timezone}
        onChange={(timezone) => set({ timezone })}
        clearable
      />
      <Switch
        label="Email notifications"
        checked={values.email_notifications}
        onChange={(e) => set({ email_notifications: e.currentTarget.checked })}
      />
      <Switch
        label="SMS notifications"
        checked={values.sms_notifications}
        onChange={(e) => set({ sms_notifications: e.currentTarget.checked })}
      />
      <Select
        label="Rows per page"
        data={PER_PAGE_OPTIONS.map(String)}
        value={String(values.default_per_page)}
        onChange={(value) =>
          set({ default_per_page: Number(value ?? 25) as UserSettings['default_per_page'] })
        }
        allowDeselect={false}
      />
    </SettingsFormDialog>
  );
}
