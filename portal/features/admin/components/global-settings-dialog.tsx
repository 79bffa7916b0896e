/**
 * The global settings dialog of SPEC §2 Dialogs: portal name, time zone, quote expiry days,
 * support e-mail and phone (portal-settings/update-global).
 */
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { GlobalSettings } from '../api/admin-types.ts';
import { fieldErrors } from '../api/field-errors.ts';
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

/** Modal form sending all five fields. */
export function GlobalSettingsDialog({ opened, value, companyId, onClose }: GlobalSettingsDialogProps) {
  const apply = useApplySettings(companyId);
  const [form, setForm] = useState<GlobalSettings>(value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setForm(value);
      setErrors({});
    }
  }, [opened, value]);

  const set = (patch: Partial<GlobalSettings>) => setForm((prev) => ({ ...prev, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const global: GlobalSettings = {
      portal_name: form.portal_name?.trim() || null,
      timezone: form.timezone,
      quote_expiry_days: form.quote_expiry_days,
      support_email: form.support_email?.trim() || null,
      support_phone: form.support_phone?.trim() || null,
    };
    const next = validateGlobalSettings(global);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const envelope = await apply(updatePortalSettings(companyId, 'update-global', { global }));
    setBusy(false);
    if (envelope.status === 'success') onClose();
    else setErrors(fieldErrors(envelope));
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Global settings" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Portal name"
            value={form.portal_name ?? ''}
            onChange={(e) => set({ portal_name: e.currentTarget.value })}
            error={errors.portal_name}
          />
          <Select
            label="Time zone"
            searchable
            allowDeselect={false}
            data={timeZones(form.timezone)}
            value={form.timezone}
            onChange={(timezone) => set({ timezone: timezone ?? '' })}
            error={errors.timezone}
          />
          <NumberInput
            label="Quote expiry (days)"
            min={1}
            max={365}
            allowDecimal={false}
            value={form.quote_expiry_days}
            onChange={(days) => set({ quote_expiry_days: typeof days === 'number' ? days : Number.NaN })}
            error={errors.quote_expiry_days}
          />
          <TextInput
            label="Support email"
            type="email"
            value={form.support_email ?? ''}
            onChange={(e) => set({ support_email: e.currentTarget.value })}
            error={errors.support_email}
          />
          <TextInput
            label="Support phone"
            value={form.support_phone ?? ''}
            onChange={(e) => set({ support_phone: e.currentTarget.value })}
            error={errors.support_phone}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
