/**
 * The SMTP dialog of SPEC §2 Dialogs (portal-settings/update-smtp). The password is write-only:
 * the server answers only whether one is set, an empty field keeps it, and "Replace" sends a new one.
 */
import { Badge, Button, Group, NumberInput, PasswordInput, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SettingsFormDialog } from '../../../components/settings-form-dialog.tsx';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
import {
  type SettingsBody,
  type SmtpSettings,
  updatePortalSettings,
  useApplySettings,
} from '../api/portal-settings-api.ts';

/** The SMTP server as update-smtp takes it (a password only when one is typed). */
type SmtpBody = NonNullable<SettingsBody<'update-smtp'>['smtp']>;

/** Props: open state, the current SMTP settings (null = none), the company, close. */
export interface SmtpDialogProps {
  opened: boolean;
  value: SmtpSettings | null;
  companyId: number | null;
  onClose: () => void;
}

/** The form's values; `password` empty means "keep the stored one". */
export interface SmtpForm {
  host: string;
  port: number | '';
  username: string;
  password: string;
  from_email: string;
  from_name: string;
  secure: boolean;
}

/** The form's checks: host, port 1..65535, a valid sender e-mail, a sender name. */
export function validateSmtp(form: SmtpForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.host.trim()) errors.host = 'Host cannot be empty!';
  if (form.port === '' || !Number.isInteger(form.port) || form.port < 1 || form.port > 65535)
    errors.port = 'Port must be 1 to 65535.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.from_email.trim())) errors.from_email = 'Invalid Email!';
  if (!form.from_name.trim()) errors.from_name = 'From name cannot be empty!';
  return errors;
}

/**
 * The `smtp` body of update-smtp: the password only when one was typed (omitted keeps the
 * stored one, per the contract), never an empty string.
 */
export function smtpBody(form: SmtpForm): SmtpBody {
  const body: SmtpBody = {
    host: form.host.trim(),
    port: Number(form.port),
    username: form.username.trim(),
    from_email: form.from_email.trim(),
    from_name: form.from_name.trim(),
    secure: form.secure,
  };
  if (form.password) body.password = form.password;
  return body;
}

function initial(value: SmtpSettings | null): SmtpForm {
  return {
    host: value?.host ?? '',
    port: value?.port ?? 587,
    username: value?.username ?? '',
    password: '',
    from_email: value?.from_email ?? '',
    from_name: value?.from_name ?? '',
    secure: value?.secure ?? true,
  };
}

/** Modal form; shows "Password set" instead of the password. */
export function SmtpDialog({ opened, value, companyId, onClose }: SmtpDialogProps) {
  const apply = useApplySettings(companyId);
  const [replacing, setReplacing] = useState(false);
  const hasPassword = value?.has_password ?? false;
  const send = (smtp: SmtpBody | null) => apply(updatePortalSettings(companyId, 'update-smtp', { smtp }));
  const form = useSettingsForm<SmtpForm>({
    opened,
    source: value,
    initial: () => initial(value),
    validate: validateSmtp,
    send: (values) => send(smtpBody(values)),
    onSaved: onClose,
  });
  const { values, errors, set } = form;

  useEffect(() => {
    if (opened) setReplacing(false);
  }, [opened]);

  return (
    <SettingsFormDialog
      title="SMTP"
      opened={opened}
      onClose={onClose}
      form={form}
      saveLabel="Save SMTP"
      remove={value ? { label: 'Remove SMTP', onRemove: () => void form.run(() => send(null)) } : null}
    >
      <Group grow align="flex-start">
        <TextInput
          label="Host"
          required
          value={values.host}
          onChange={(e) => set({ host: e.currentTarget.value })}
          error={errors.host}
        />
        <NumberInput
          label="Port"
          required
          min={1}
          max={65535}
          allowDecimal={false}
          value={values.port}
          onChange={(port) => set({ port: typeof port === 'number' ? port : '' })}
          error={errors.port}
        />
      </Group>
      <TextInput
        label="Username"
        value={values.username}
        onChange={(e) => set({ username: e.currentTarget.value })}
        error={errors.username}
      />
      {hasPassword && !replacing ? (
        <Group justify="space-between">
          <div>
            <Text size="sm" fw={500}>
              Password
            </Text>
            <Badge color="green" variant="light" radius="sm">
              Password set
            </Badge>
          </div>
          <Button variant="subtle" size="xs" onClick={() => setReplacing(true)}>
            Replace password
          </Button>
        </Group>
      ) : (
        <PasswordInput
          label="Password"
          description={hasPassword ? 'Leave empty to keep the current password.' : 'Not set.'}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set({ password: e.currentTarget.value })}
          error={errors.password}
        />
      )}
      <TextInput
        label="From email"
        required
        value={values.from_email}
        onChange={(e) => set({ from_email: e.currentTarget.value })}
        error={errors.from_email}
      />
      <TextInput
        label="From name"
        required
        value={values.from_name}
        onChange={(e) => set({ from_name: e.currentTarget.value })}
        error={errors.from_name}
      />
      <Switch
        label="Secure connection (TLS)"
        checked={values.secure}
        onChange={(e) => set({ secure: e.currentTarget.checked })}
      />
    </SettingsFormDialog>
  );
}
