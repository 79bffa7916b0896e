/**
 * The global settings dialog of SPEC §2 Dialogs: portal name, time zone, quote expiry days,
 * support e-mail and phone (portal-settings/update-global).
 */
import { NumberInput, Select, TextInput } from '@mantine/core';
import { SettingsFormDialog } from '../../../components/settings-form-dialog.tsx';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
import type { GlobalSettings } from '../api/portal-settings-api.ts';
import { updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';

/** Props: open state, the current values, the company (null = own), close. */
export interface GlobalSettingsDialogProps {
  opened: boolean;
  value: GlobalSettings;
  companyId: number | null;
  onClose: () => void;
}

/** US time zones offered first; any IANA zone the browser knows is accepted. */
const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...US_TIME_ZONES, current, ...all])];
}

/**
 * The form's checks: quote expiry a whole number of days 1..365, support e-mail valid when
 * given ('Invalid Email!', SPEC §5), a time zone chosen.
 */
export function validateGlobalSettings(value: GlobalSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  if (
    !Number.isInteger(value.quote_expiry_days) ||
    value.quote_expiry_days < 1 ||
    value.quote_expiry_days > 365
  )
    errors.quote_expiry_days = 'Quote expiry must be 1 to 365 days.';
  if (value.support_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.support_email))
    errors.support_email = 'Invalid Email!';
  if (!value.timezone) errors.timezone = 'Timezone cannot be empty!';
  return errors;
}

/** The values as sent: texts trimmed, an empty one null. */
function trimmed(values: GlobalSettings): GlobalSettings {
  return {
    portal_name: values.portal_name?.trim() || null,
    timezone: values.timezone,
    quote_expiry_days: values.quote_expiry_days,
    support_email: values.support_email?.trim() || null,
    support_phone: values.support_phone?.trim() || null,
  };
}

/** Modal form sending all five fields. */
export function GlobalSettingsDialog({ opened, value, companyId, onClose }: GlobalSettingsDialogProps) {
  const apply = useApplySettings(companyId);
  const form = useSettingsForm<GlobalSettings>({
    opened,
    source: value,
    initial: () => value,
    validate: (values) => validateGlobalSettings(trimmed(values)),
    send: (values) => apply(updatePortalSettings(companyId, 'update-global', { global: trimmed(values) })),
    onSaved: onClose,
  });
  const { values, errors, set } = form;

  return (
    <SettingsFormDialog
      title="Global settings"
      opened={opened}
      onClose={onClose}
      form={form}
      saveLabel="Save settings"
    >
      <TextInput
        label="Portal name"
        value={values.portal_name ?? ''}
        onChange={(e) => set({ portal_name: e.currentTarget.value })}
        error={errors.portal_name}
      />
      <Select
        label="Time zone"
        searchable
        allowDeselect={false}
        data={timeZones(values.timezone)}
        value={values.timezone}
        onChange={(timezone) => set({ timezone: timezone ?? '' })}
        error={errors.timezone}
      />
      <NumberInput
        label="Quote expiry (days)"
        min={1}
        max={365}
        allowDecimal={false}
        value={values.quote_expiry_days}
        onChange={(days) => set({ quote_expiry_days: typeof days === 'number' ? days : Number.NaN })}
        error={errors.quote_expiry_days}
      />
      <TextInput
        label="Support email"
        type="email"
        value={values.support_email ?? ''}
        onChange={(e) => set({ support_email: e.currentTarget.value })}
        error={errors.support_email}
      />
      <TextInput
        label="Support phone"
        value={values.support_phone ?? ''}
        onChange={(e) => set({ support_phone: e.currentTarget.value })}
        error={errors.support_phone}
      />
    </SettingsFormDialog>
  );
}
