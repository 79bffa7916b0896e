/**
 * The SMS provider dialog of the messaging console (issue 14; portal-settings/update-sms-provider):
 * Twilio's account SID, auth token and sending number. The auth token is write-only: the server
 * answers only whether one is set, an empty field keeps it. Without a provider, texts go to the
 * local sink (development) and the texting console still works.
 */
import { Badge, Code, PasswordInput, Text, TextInput } from '@mantine/core';
import { SettingsFormDialog } from '../../../components/settings-form-dialog.tsx';
import { apiUrl } from '../../../lib/api-base.ts';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
import {
  type SettingsBody,
  type SmsProviderSettings,
  updatePortalSettings,
  useApplySettings,
} from '../api/portal-settings-api.ts';

/** Props: open state, the current provider (null = none), the company, close. */
export interface SmsProviderDialogProps {
  opened: boolean;
  value: SmsProviderSettings | null;
  companyId: number | null;
  onClose: () => void;
}

interface SmsProviderForm {
  account_sid: string;
  auth_token: string;
  from_number: string;
}

/** The form's checks: an account SID of Twilio's shape, a token when none is stored, a number. */
export function validateSmsProvider(form: SmsProviderForm, hasToken: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^AC[0-9a-fA-F]{32}$/.test(form.account_sid.trim()))
    errors.account_sid = 'The account SID is AC followed by 32 hexadecimal characters.';
  if (!hasToken && !form.auth_token) errors.auth_token = 'Enter the auth token.';
  if (form.from_number.replace(/\D/g, '').length < 7) errors.from_number = 'Enter the sending number.';
  return errors;
}

/** Modal form; shows "Auth token set" instead of the token. */
export function SmsProviderDialog({ opened, value, companyId, onClose }: SmsProviderDialogProps) {
  const apply = useApplySettings(companyId);
  const hasToken = value?.has_auth_token ?? false;
  const send = (provider: SettingsBody<'update-sms-provider'>['sms_provider']) =>
    apply(updatePortalSettings(companyId, 'update-sms-provider', { sms_provider: provider }));
  const form = useSettingsForm<SmsProviderForm>({
    opened,
    source: value,
    initial: () => ({
      account_sid: value?.account_sid ?? '',
      auth_token: '',
      from_number: value?.from_number ?? '',
    }),
    validate: (values) => validateSmsProvider(values, hasToken),
    send: (values) =>
      send({
        account_sid: values.account_sid.trim(),
        from_number: values.from_number.trim(),
        ...(values.auth_token ? { auth_token: values.auth_token } : {}),
      }),
    onSaved: onClose,
  });
  const { values, errors, set } = form;

  return (
    <SettingsFormDialog
      title="SMS provider"
      opened={opened}
      onClose={onClose}
      form={form}
      saveLabel="Save SMS provider"
      remove={
        value ? { label: 'Remove SMS provider', onRemove: () => void form.run(() => send(null)) } : null
      }
    >
      <Text size="sm" c="dimmed">
        Texts are sent through your Twilio account. Point the number's incoming-message webhook at{' '}
        <Code>{apiUrl(`texting/inbound/${companyId ?? '<company id>'}`)}</Code>.
      </Text>
      <TextInput
        label="Account SID"
        required
        value={values.account_sid}
        onChange={(e) => set({ account_sid: e.currentTarget.value })}
        error={errors.account_sid}
      />
      <PasswordInput
        label="Auth token"
        required={!hasToken}
        autoComplete="new-password"
        description={hasToken ? 'Leave empty to keep the current token.' : 'Not set.'}
        value={values.auth_token}
        onChange={(e) => set({ auth_token: e.currentTarget.value })}
        error={errors.auth_token}
      />
      {hasToken ? (
        <Badge color="green" variant="light" radius="sm">
          Auth token set
        </Badge>
      ) : null}
      <TextInput
        label="Sending number"
        required
        placeholder="+1 305 555 0100"
        value={values.from_number}
        onChange={(e) => set({ from_number: e.currentTarget.value })}
        error={errors.from_number}
      />
    </SettingsFormDialog>
  );
}
