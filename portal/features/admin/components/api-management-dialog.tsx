/**
 * The API management dialog of SPEC §2 Dialogs (portal-settings/update-api-management): API access
 * on or off, the browser origins allowed, and the rate limit per minute.
 */
import { NumberInput, Switch, TagsInput } from '@mantine/core';
import { SettingsFormDialog } from '../../../components/settings-form-dialog.tsx';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
import { isHttpsUrl } from '../api/is-https-url.ts';
import type { ApiManagement } from '../api/portal-settings-api.ts';
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
  const form = useSettingsForm<ApiManagement>({
    opened,
    source: value,
    initial: () => value,
    validate: validateApiManagement,
    send: (values) =>
      apply(updatePortalSettings(companyId, 'update-api-management', { api_management: values })),
    onSaved: onClose,
  });
  const { values, errors, set } = form;

  return (
    <SettingsFormDialog
      title="API management"
      opened={opened}
      onClose={onClose}
      form={form}
      saveLabel="Save API management"
    >
      <Switch
        label="API access enabled"
        checked={values.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      <TagsInput
        label="Allowed origins"
        description="Browser origins allowed to call the API, e.g. https://crm.example.com. Press Enter after each."
        value={values.allowed_origins}
        onChange={(allowed_origins) => set({ allowed_origins })}
        error={errors.allowed_origins}
      />
      <NumberInput
        label="Rate limit (requests a minute)"
        min={1}
        max={10000}
        allowDecimal={false}
        value={values.rate_limit_per_minute}
        onChange={(rate) => set({ rate_limit_per_minute: typeof rate === 'number' ? rate : Number.NaN })}
        error={errors.rate_limit_per_minute}
      />
    </SettingsFormDialog>
  );
}
