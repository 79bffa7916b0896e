/**
 * The SMS provider dialog of the messaging console (issue 14; portal-settings/update-sms-provider):
 * Twilio's account SID, auth token and sending number. The auth token is write-only: the server
 * answers only whether one is set, an empty field keeps it. Without a provider, texts go to the
 * local sink (development) and the texting console still works.
 */
import { Badge, Code, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../lib/api-base.ts';
import type { SmsProviderSettings } from '../api/admin-types.ts';
import { fieldErrors } from '../api/field-errors.ts';
import { updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';
import { SettingsDialogActions } from './settings-dialog-actions.tsx';

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
  const [form, setForm] = useState<SmsProviderForm>({ account_sid: '', auth_token: '', from_number: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const hasToken = value?.has_auth_token ?? false;

  useEffect(() => {
    if (opened) {
      setForm({
        account_sid: value?.account_sid ?? '',
        auth_token: '',
        from_number: value?.from_number ?? '',
      });
      setErrors({});
    }
  }, [opened, value]);

  async function save(provider: Record<string, string> | null) {
    setBusy(true);
    const envelope = await apply(
      updatePortalSettings(companyId, 'update-sms-provider', { sms_provider: provider }),
    );
    setBusy(false);
    if (envelope.status === 'success') onClose();
    else setErrors(fieldErrors(envelope));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = validateSmsProvider(form, hasToken);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await save({
      account_sid: form.account_sid.trim(),
      from_number: form.from_number.trim(),
      ...(form.auth_token ? { auth_token: form.auth_token } : {}),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="SMS provider" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Texts are sent through your Twilio account. Point the number's incoming-message webhook at{' '}
            <Code>{apiUrl(`texting/inbound/${companyId ?? '<company id>'}`)}</Code>.
          </Text>
          <TextInput
            label="Account SID"
            required
            value={form.account_sid}
            onChange={(e) => setForm((f) => ({ ...f, account_sid: e.currentTarget.value }))}
            error={errors.account_sid}
          />
          <PasswordInput
            label="Auth token"
            required={!hasToken}
            autoComplete="new-password"
            description={hasToken ? 'Leave empty to keep the current token.' : 'Not set.'}
            value={form.auth_token}
            onChange={(e) => setForm((f) => ({ ...f, auth_token: e.currentTarget.value }))}
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
            value={form.from_number}
            onChange={(e) => setForm((f) => ({ ...f, from_number: e.currentTarget.value }))}
            error={errors.from_number}
          />
          <SettingsDialogActions
            remove={value ? { label: 'Remove SMS provider', onRemove: () => void save(null) } : null}
            saveLabel="Save SMS provider"
            busy={busy}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
