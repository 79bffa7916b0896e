/**
 * The API management dialog of SPEC §2 Dialogs (portal-settings/update-api-management): API access
 * on or off, the browser origins allowed, and the rate limit per minute.
 */
import { Button, Group, Modal, NumberInput, Stack, Switch, TagsInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ApiManagement } from '../api/admin-types.ts';
import { fieldErrors } from '../api/field-errors.ts';
import { isHttpsUrl } from '../api/is-https-url.ts';
import { updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';

/** Props: open state, the current API management, the company, close. */
export interface ApiManagementDialogProps {
  opened: boolean;
  value: ApiManagement;
  companyId: number | null;
  onClose: () => void;
}

/** The form's checks: origins are https URLs without a path, the rate limit 1..10000 a minute. */
export function validateApiManagement(value: ApiManagement): Record<string, string> {
  const errors: Record<string, string> = {};
  const bad = value.allowed_origins.find(
    (origin) => !isHttpsUrl(origin) || new URL(origin).origin !== origin,
  );
  if (bad !== undefined) errors.allowed_origins = `Not an https origin: ${bad}`;
  const rate = value.rate_limit_per_minute;
  if (!Number.isInteger(rate) || rate < 1 || rate > 10000)
    errors.rate_limit_per_minute = 'Rate limit must be 1 to 10000 a minute.';
  return errors;
}

/** Modal form. */
export function ApiManagementDialog({ opened, value, companyId, onClose }: ApiManagementDialogProps) {
  const apply = useApplySettings(companyId);
  const [form, setForm] = useState<ApiManagement>(value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setForm(value);
      setErrors({});
    }
  }, [opened, value]);

  async function save() {
    const next = validateApiManagement(form);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const envelope = await apply(
      updatePortalSettings(companyId, 'update-api-management', { api_management: form }),
    );
    setBusy(false);
    if (envelope.status === 'success') onClose();
    else setErrors(fieldErrors(envelope));
  }

  return (
    <Modal opened={opened} onClose={onClose} title="API management" centered>
      <Stack gap="md">
        <Switch
          label="API access enabled"
          checked={form.enabled}
          onChange={(e) => {
            const enabled = e.currentTarget.checked;
            setForm((prev) => ({ ...prev, enabled }));
          }}
        />
        <TagsInput
          label="Allowed origins"
          description="Browser origins allowed to call the API, e.g. https://crm.example.com. Press Enter after each."
          value={form.allowed_origins}
          onChange={(allowed_origins) => setForm((prev) => ({ ...prev, allowed_origins }))}
          error={errors.allowed_origins}
        />
        <NumberInput
          label="Rate limit (requests a minute)"
          min={1}
          max={10000}
          allowDecimal={false}
          value={form.rate_limit_per_minute}
          onChange={(rate) =>
            setForm((prev) => ({
              ...prev,
              rate_limit_per_minute: typeof rate === 'number' ? rate : Number.NaN,
            }))
          }
          error={errors.rate_limit_per_minute}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Save API management
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
